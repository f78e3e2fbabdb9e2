/**
 * The compliance tasks an outlet's equipment carries by default (docs/compliance-schedules.md). This constant is the
 * single home of the defaults: the table in the docs is checked against it by tasks.test.ts. The owner changes
 * intervals, turns defaults off and adds tasks per category or product in the back office; the server's
 * scheduleTasks (apps/server/src/modules/compliance) answers the effective list, which tasksForAsset narrows.
 */

export const COMPLIANCE_CATEGORY_KEYS = [
  'fire-extinguisher',
  'fuel-dispenser',
  'capacity-measure',
  'peso-licence',
  'air-gauge',
  'density-meter',
] as const;
export type ComplianceCategoryKey = (typeof COMPLIANCE_CATEGORY_KEYS)[number];

/** Extinguisher types whose schedules differ (IS 2190:2010 sets refill, pressure test and life by type). */
export const EXTINGUISHER_TYPES = [
  'water-stored-pressure',
  'water-cartridge',
  'foam-stored-pressure',
  'foam-cartridge',
  'dry-powder',
  'co2',
  'clean-agent',
] as const;
export type ExtinguisherType = (typeof EXTINGUISHER_TYPES)[number];

/**
 * Where a task's interval comes from. `law`: an Act or rules made under it bind the outlet; `standard`: an Indian
 * Standard (voluntary unless a law, licence or oil company's contract adopts it); `practice`: no binding rule was
 * found and the interval is a shop default. `checked` says how far the interval was verified: against the text of the
 * source itself (`primary`), only through a third party quoting or summarising it (`secondary`), or not at all.
 */
export interface ComplianceBasis {
  source: string;
  clause: string;
  kind: 'law' | 'standard' | 'practice';
  checked: 'primary' | 'secondary' | 'unverified';
}

interface ComplianceTaskBase {
  /** Stable key, stored with each record of the task done. */
  key: string;
  title: string;
  categoryKey: ComplianceCategoryKey;
  /** Narrows the task within its category; absent = every asset of the category. */
  appliesTo?: { extinguisherTypes?: readonly ExtinguisherType[] };
  basis: ComplianceBasis;
  /** The asset's end: counted once from its manufacture (or installation) date, never restarted by a record. */
  endOfLife?: boolean;
  /** An owner's task for one product: it applies only to that product's assets (of its category). */
  productId?: string;
  /** Where the task comes from: shipped with the shop (absent = default) or added by the owner. */
  origin?: ComplianceTaskOrigin;
}

export const COMPLIANCE_TASK_ORIGINS = ['default', 'owner'] as const;
export type ComplianceTaskOrigin = (typeof COMPLIANCE_TASK_ORIGINS)[number];

/** What an asset is, as far as its tasks depend on it. */
export interface ComplianceAsset {
  categoryKey: ComplianceCategoryKey;
  extinguisherType?: ExtinguisherType | null;
  productId?: string | null;
}

/** A task repeats every `intervalMonths` calendar months or every `intervalDays` days, never both. */
export type ComplianceTask = ComplianceTaskBase &
  ({ intervalMonths: number; intervalDays?: never } | { intervalDays: number; intervalMonths?: never });

const IS_2190 = 'IS 2190:2010 (BIS)';
const IS_2190_REFILL = 'refilling periods by type (clause not checked)';
const IS_2190_PRESSURE_TEST = 'Annex E, hydraulic pressure test intervals (as paraphrased secondarily)';
const IS_2190_LIFE = 'Annex F, life of extinguishers (as paraphrased secondarily)';
const LM_STATE_RULES = 'State Legal Metrology (Enforcement) Rules, 2011';
const LM_SCHEDULE = 'schedule of re-verification periods (rule number varies by State)';

/** Extinguisher types with a hydraulic pressure test every 3 years and a 10-year life (every type but CO2). */
const NOT_CO2 = EXTINGUISHER_TYPES.filter((type) => type !== 'co2');

export const DEFAULT_COMPLIANCE_TASKS: readonly ComplianceTask[] = [
  {
    key: 'extinguisher-inspection',
    title: 'Inspect extinguisher (seal, gauge, access)',
    categoryKey: 'fire-extinguisher',
    intervalMonths: 1,
    basis: {
      source: IS_2190,
      clause: 'inspection (monthly / 30 days; clause not checked)',
      kind: 'standard',
      checked: 'secondary',
    },
  },
  {
    key: 'extinguisher-maintenance',
    title: 'Maintain extinguisher (competent person)',
    categoryKey: 'fire-extinguisher',
    intervalMonths: 12,
    basis: {
      source: IS_2190,
      clause: 'maintenance (at least yearly; clause not checked)',
      kind: 'standard',
      checked: 'secondary',
    },
  },
  {
    key: 'extinguisher-refill-water-foam-stored',
    title: 'Refill extinguisher (water or foam, stored pressure)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['water-stored-pressure', 'foam-stored-pressure'] },
    intervalMonths: 24,
    basis: { source: IS_2190, clause: IS_2190_REFILL, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-refill-water-cartridge',
    title: 'Refill extinguisher (water, gas cartridge)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['water-cartridge'] },
    intervalMonths: 36,
    basis: { source: IS_2190, clause: IS_2190_REFILL, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-refill-foam-cartridge',
    title: 'Refill extinguisher (foam, gas cartridge)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['foam-cartridge'] },
    intervalMonths: 60,
    basis: { source: IS_2190, clause: IS_2190_REFILL, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-refill-dry-powder',
    title: 'Refill extinguisher (dry powder ABC/BC)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['dry-powder'] },
    intervalMonths: 36,
    basis: { source: IS_2190, clause: IS_2190_REFILL, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-refill-co2-clean-agent',
    title: 'Refill extinguisher (CO2 or clean agent)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['co2', 'clean-agent'] },
    intervalMonths: 60,
    basis: { source: IS_2190, clause: IS_2190_REFILL, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-pressure-test',
    title: 'Hydraulic pressure test of extinguisher body',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: NOT_CO2 },
    intervalMonths: 36,
    basis: { source: IS_2190, clause: IS_2190_PRESSURE_TEST, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-pressure-test-co2',
    title: 'Hydraulic pressure test of CO2 cylinder',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['co2'] },
    intervalMonths: 60,
    basis: { source: IS_2190, clause: IS_2190_PRESSURE_TEST, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-end-of-life',
    title: 'Replace extinguisher (end of useful life)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: NOT_CO2 },
    intervalMonths: 120,
    endOfLife: true,
    basis: { source: IS_2190, clause: IS_2190_LIFE, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'extinguisher-end-of-life-co2',
    title: 'Replace CO2 extinguisher (end of useful life)',
    categoryKey: 'fire-extinguisher',
    appliesTo: { extinguisherTypes: ['co2'] },
    intervalMonths: 180,
    endOfLife: true,
    basis: { source: IS_2190, clause: IS_2190_LIFE, kind: 'standard', checked: 'secondary' },
  },
  {
    key: 'dispenser-reverification',
    title: 'Re-verify and stamp fuel dispenser (Legal Metrology)',
    categoryKey: 'fuel-dispenser',
    intervalMonths: 12,
    basis: { source: LM_STATE_RULES, clause: LM_SCHEDULE, kind: 'law', checked: 'secondary' },
  },
  {
    key: 'measure-reverification',
    title: 'Re-verify and stamp capacity measure (5-litre can)',
    categoryKey: 'capacity-measure',
    intervalMonths: 24,
    basis: { source: LM_STATE_RULES, clause: LM_SCHEDULE, kind: 'law', checked: 'secondary' },
  },
  {
    key: 'peso-licence-renewal',
    title: 'Renew PESO licence to store petroleum (Form XIV)',
    categoryKey: 'peso-licence',
    intervalMonths: 120,
    basis: {
      source: 'Petroleum Rules, 2002',
      clause: 'Form XIV (First Schedule); renewal: rules 143, 148, 149, 157 per PESO application form',
      kind: 'law',
      checked: 'secondary',
    },
  },
  {
    key: 'air-gauge-calibration',
    title: 'Calibrate air-pressure gauge (tyre inflator)',
    categoryKey: 'air-gauge',
    intervalMonths: 12,
    basis: {
      source: 'PumpKart shop practice',
      clause: 'no binding rule found',
      kind: 'practice',
      checked: 'unverified',
    },
  },
  {
    key: 'density-meter-calibration',
    title: 'Calibrate hydrometer / density meter',
    categoryKey: 'density-meter',
    intervalMonths: 12,
    basis: {
      source: 'PumpKart shop practice',
      clause: 'no binding rule found',
      kind: 'practice',
      checked: 'unverified',
    },
  },
];

/**
 * The tasks of an asset out of a list (the defaults, or the effective schedule): those of its category, narrowed to
 * its extinguisher type when a task names types (an asset of unknown type gets none of those), and a product's own
 * tasks only for that product's assets.
 */
export function tasksForAsset<T extends ComplianceTask>(tasks: readonly T[], asset: ComplianceAsset): T[] {
  const { categoryKey, extinguisherType, productId } = asset;
  return tasks.filter(
    (task) =>
      task.categoryKey === categoryKey &&
      (!task.appliesTo?.extinguisherTypes ||
        (extinguisherType != null && task.appliesTo.extinguisherTypes.includes(extinguisherType))) &&
      (task.productId === undefined || task.productId === productId),
  );
}

/** The default tasks of a category, narrowed to an extinguisher's type when the asset has one. */
export function defaultTasksFor(
  categoryKey: ComplianceCategoryKey,
  extinguisherType?: ExtinguisherType,
): ComplianceTask[] {
  return tasksForAsset(DEFAULT_COMPLIANCE_TASKS, { categoryKey, extinguisherType });
}

/** A task's interval as one value: every `count` months or days. */
export function taskInterval(task: ComplianceTask): { unit: 'months' | 'days'; count: number } {
  return task.intervalDays !== undefined
    ? { unit: 'days', count: task.intervalDays }
    : { unit: 'months', count: task.intervalMonths };
}

/** The interval as the docs write it: '1 month', '18 months', '3 years', '45 days'. */
export function formatInterval(task: ComplianceTask): string {
  if (task.intervalDays !== undefined) return task.intervalDays === 1 ? '1 day' : `${task.intervalDays} days`;
  const months = task.intervalMonths;
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}
