/**
 * Contracts of /api/admin/compliance (docs/compliance-schedules.md#owner-changes): the effective schedule with each
 * task's default and the owner's change, an override of a default task (its interval, or turned off), and the
 * owner's own tasks for a category or one product.
 */
import { z } from 'zod';
import {
  COMPLIANCE_CATEGORY_KEYS,
  COMPLIANCE_TASK_ORIGINS,
  EXTINGUISHER_TYPES,
  formatInterval,
  type ExtinguisherType,
} from '../compliance/tasks';

export const COMPLIANCE_MESSAGES = {
  taskNotFound: 'No compliance task has this key.',
  defaultNotFound: 'No default compliance task has this key.',
  ownerTaskNotFound: "No task of the owner's has this key.",
  productNotFound: 'The product does not exist.',
  category: `The category key is one of: ${COMPLIANCE_CATEGORY_KEYS.join(', ')}.`,
  months: 'The interval in months is a whole number from 1 to 120.',
  days: 'The interval in days is a whole number from 1 to 3650.',
  title: 'The title is 1 to 120 characters.',
  source: 'The source is 1 to 200 characters.',
  clause: 'The clause is 1 to 300 characters.',
  overrideEmpty: 'Give a new interval, or turn the task off (disabled: true).',
  overrideSaved: "The task's interval was changed.",
  overrideRemoved: 'The task is back to its default.',
  taskRemoved: 'The task was removed.',
} as const;

export const INTERVAL_LIMITS = { months: 120, days: 3650 } as const;

/** An interval as answered: a default may exceed the owner's limits (a CO2 extinguisher's life is 180 months). */
const intervalValueSchema = z.object({
  unit: z.enum(['months', 'days'], { error: 'The interval is in months or days.' }),
  count: z.number({ error: 'The interval is a whole number.' }),
});

/** Every `count` months or days; the limits keep a typo (1200 months) from hiding a task for a century. */
export const complianceIntervalSchema = intervalValueSchema.superRefine((interval, context) => {
  const max = INTERVAL_LIMITS[interval.unit];
  if (!Number.isInteger(interval.count) || interval.count < 1 || interval.count > max)
    context.addIssue({ code: 'custom', message: COMPLIANCE_MESSAGES[interval.unit] });
});
export type ComplianceInterval = z.infer<typeof complianceIntervalSchema>;

/** A default task changed: a new interval, or turned off (then its interval is kept for when it is turned on). */
export const complianceOverrideBodySchema = z
  .object({ interval: complianceIntervalSchema.nullable().default(null), disabled: z.boolean().default(false) })
  .refine((body) => body.interval !== null || body.disabled, {
    path: ['interval'],
    message: COMPLIANCE_MESSAGES.overrideEmpty,
  });
export type ComplianceOverrideBody = z.infer<typeof complianceOverrideBodySchema>;

const titleSchema = z
  .string({ error: COMPLIANCE_MESSAGES.title })
  .trim()
  .min(1, COMPLIANCE_MESSAGES.title)
  .max(120, COMPLIANCE_MESSAGES.title);
const sourceSchema = z
  .string({ error: COMPLIANCE_MESSAGES.source })
  .trim()
  .min(1, COMPLIANCE_MESSAGES.source)
  .max(200, COMPLIANCE_MESSAGES.source);
const clauseSchema = z
  .string({ error: COMPLIANCE_MESSAGES.clause })
  .trim()
  .min(1, COMPLIANCE_MESSAGES.clause)
  .max(300, COMPLIANCE_MESSAGES.clause);
const kindSchema = z.enum(['law', 'standard', 'practice'], { error: 'The kind is law, standard or practice.' });

/** An owner's task: for a category, or (with productId) only for that product's assets of the category. */
export const ownerTaskBodySchema = z.object({
  title: titleSchema,
  categoryKey: z.enum(COMPLIANCE_CATEGORY_KEYS, { error: COMPLIANCE_MESSAGES.category }),
  productId: z.uuid({ error: 'The product id is not valid.' }).nullable().default(null),
  interval: complianceIntervalSchema,
  source: sourceSchema,
  clause: clauseSchema,
  /** Practice unless the owner names a law or a standard; never verified by the shop. */
  kind: kindSchema.default('practice'),
});
export type OwnerTaskBody = z.infer<typeof ownerTaskBodySchema>;

/** An owner's task edited: only what is sent changes (its category and product stay). */
export const ownerTaskPatchSchema = z
  .object({
    title: titleSchema.optional(),
    interval: complianceIntervalSchema.optional(),
    source: sourceSchema.optional(),
    clause: clauseSchema.optional(),
    kind: kindSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change.',
  });
export type OwnerTaskPatch = z.infer<typeof ownerTaskPatchSchema>;

export const complianceTaskKeyParamsSchema = z.object({ key: z.string().min(1).max(100) });

/** One task of the schedule as the owner's page shows it. */
export const scheduleTaskDtoSchema = z.object({
  key: z.string(),
  title: z.string(),
  categoryKey: z.enum(COMPLIANCE_CATEGORY_KEYS),
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  extinguisherTypes: z.array(z.enum(EXTINGUISHER_TYPES)).nullable(),
  endOfLife: z.boolean(),
  origin: z.enum(COMPLIANCE_TASK_ORIGINS),
  basis: z.object({
    source: z.string(),
    clause: z.string(),
    kind: z.enum(['law', 'standard', 'practice']),
    checked: z.enum(['primary', 'secondary', 'unverified']),
  }),
  /** The interval in force (the owner's when changed). */
  interval: intervalValueSchema,
  /** A default task's shipped interval; null for the owner's tasks. */
  defaultInterval: intervalValueSchema.nullable(),
  /** The owner's change of a default task; null when unchanged (and for the owner's tasks). */
  override: z.object({ interval: intervalValueSchema.nullable(), disabled: z.boolean() }).nullable(),
  /** Turned off: left out of every asset's tasks. */
  disabled: z.boolean(),
});
export type ScheduleTaskDto = z.infer<typeof scheduleTaskDtoSchema>;

export const complianceScheduleSchema = z.object({ tasks: z.array(scheduleTaskDtoSchema) });
export type ComplianceScheduleDto = z.infer<typeof complianceScheduleSchema>;

/** How the owner's page names each category. */
export const COMPLIANCE_CATEGORY_LABELS: Record<(typeof COMPLIANCE_CATEGORY_KEYS)[number], string> = {
  'fire-extinguisher': 'Fire extinguishers',
  'fuel-dispenser': 'Fuel dispensers',
  'capacity-measure': 'Capacity measures',
  'peso-licence': 'PESO licence',
  'air-gauge': 'Air gauges',
  'density-meter': 'Density meters',
};

/** How the back office names each extinguisher type. */
export const EXTINGUISHER_TYPE_LABELS: Record<ExtinguisherType, string> = {
  'water-stored-pressure': 'Water, stored pressure',
  'water-cartridge': 'Water, gas cartridge',
  'foam-stored-pressure': 'Foam, stored pressure',
  'foam-cartridge': 'Foam, gas cartridge',
  'dry-powder': 'Dry powder (ABC/BC)',
  co2: 'CO2',
  'clean-agent': 'Clean agent',
};

/** An interval as the docs and the page write it: '1 month', '2 years', '90 days'. */
export function formatComplianceInterval(interval: { unit: 'months' | 'days'; count: number }): string {
  return formatInterval(
    interval.unit === 'days'
      ? { ...INTERVAL_TASK, intervalDays: interval.count }
      : { ...INTERVAL_TASK, intervalMonths: interval.count },
  );
}
const INTERVAL_TASK = {
  key: '',
  title: '',
  categoryKey: 'air-gauge',
  basis: { source: '', clause: '', kind: 'practice', checked: 'unverified' },
} as const;
