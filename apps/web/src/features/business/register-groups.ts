/**
 * What the register page lists first (docs/shop-rules.md#assets): the tasks overdue, due this month and due next
 * month across the outlet's equipment and its PESO licence, each with its asset, soonest first. Dates are India
 * calendar days as the server answers them, seen on the register's `today`.
 */
import {
  COMPLIANCE_CATEGORY_LABELS,
  assetName,
  type OutletRegisterDto,
  type RegisterAssetDto,
  type RegisterTaskDto,
} from '@pumpkart/shared';

/** A task with its asset; the licence's renewal has none. */
export interface DueItem {
  asset: RegisterAssetDto | null;
  task: RegisterTaskDto;
}

export interface DueGroups {
  overdue: DueItem[];
  thisMonth: DueItem[];
  nextMonth: DueItem[];
}

/** How the page names an asset: its category, then make, model, type and serial number. */
export const assetLabel = (asset: RegisterAssetDto) =>
  `${COMPLIANCE_CATEGORY_LABELS[asset.complianceCategory]}: ${assetName(asset)}`;

export function dueGroups(register: Pick<OutletRegisterDto, 'assets' | 'licence'>): DueGroups {
  const items: DueItem[] = register.assets.flatMap((asset) => asset.tasks.map((task) => ({ asset, task })));
  if (register.licence) items.push({ asset: null, task: register.licence });
  items.sort(
    (a, b) =>
      a.task.dueOn.localeCompare(b.task.dueOn) ||
      (a.asset ? assetLabel(a.asset) : '').localeCompare(b.asset ? assetLabel(b.asset) : '') ||
      a.task.title.localeCompare(b.task.title),
  );
  return {
    overdue: items.filter((item) => item.task.state === 'overdue'),
    thisMonth: items.filter((item) => item.task.state === 'due-this-month'),
    nextMonth: items.filter((item) => item.task.state === 'due-next-month'),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as the page shows it: '10 Feb 2025'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
