/**
 * The owner's changes to the compliance schedules (docs/compliance-schedules.md#owner-changes): override a default
 * task's interval or turn it off, put it back, and add, edit or remove the owner's own tasks. Each change is one
 * transaction with its audit record.
 */
import { randomUUID } from 'node:crypto';
import {
  COMPLIANCE_MESSAGES,
  DEFAULT_COMPLIANCE_TASKS,
  formatInterval,
  type ComplianceInterval,
  type ComplianceOverrideBody,
  type OwnerTaskBody,
  type OwnerTaskPatch,
  type ScheduleTaskDto,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit';
import { intervalFields, rowInterval, scheduleEntries, type ScheduleEntry } from './schedule';
import {
  deleteScheduleEdit,
  findScheduleEdit,
  insertOwnerTask,
  productExists,
  updateOwnerTask,
  upsertOverride,
} from './store';

type Ctx = Pick<AppContext, 'db'>;

const DEFAULT_KEYS = new Set(DEFAULT_COMPLIANCE_TASKS.map((task) => task.key));

function toDto(entry: ScheduleEntry): ScheduleTaskDto {
  const { task } = entry;
  return {
    key: task.key,
    title: task.title,
    categoryKey: task.categoryKey,
    productId: task.productId ?? null,
    productTitle: entry.productTitle,
    extinguisherTypes: task.appliesTo?.extinguisherTypes ? [...task.appliesTo.extinguisherTypes] : null,
    endOfLife: task.endOfLife ?? false,
    origin: task.origin,
    basis: task.basis,
    interval:
      task.intervalDays !== undefined
        ? { unit: 'days', count: task.intervalDays }
        : { unit: 'months', count: task.intervalMonths },
    defaultInterval: entry.defaultInterval,
    override: entry.override,
    disabled: entry.disabled,
  };
}

export async function scheduleView({ db }: Ctx): Promise<ScheduleTaskDto[]> {
  return (await scheduleEntries(db)).map(toDto);
}

const intervalText = (interval: ComplianceInterval | null) =>
  interval ? formatInterval({ ...intervalFields(interval) } as Parameters<typeof formatInterval>[0]) : 'default';

async function entryOf(ctx: Ctx, key: string): Promise<ScheduleTaskDto> {
  const found = (await scheduleView(ctx)).find((task) => task.key === key);
  if (!found) throw new NotFoundError(COMPLIANCE_MESSAGES.taskNotFound);
  return found;
}

export async function setOverride(
  ctx: Ctx,
  actor: AuditActor,
  key: string,
  body: ComplianceOverrideBody,
): Promise<ScheduleTaskDto> {
  if (!DEFAULT_KEYS.has(key)) throw new NotFoundError(COMPLIANCE_MESSAGES.defaultNotFound);
  await ctx.db.transaction(async (tx) => {
    const before = await findScheduleEdit(tx, key);
    const fields = {
      intervalMonths: body.interval?.unit === 'months' ? body.interval.count : null,
      intervalDays: body.interval?.unit === 'days' ? body.interval.count : null,
      disabled: body.disabled,
    };
    await upsertOverride(tx, key, fields);
    await recordAudit(tx, actor, {
      kind: 'compliance.default_changed',
      entityType: 'compliance_task',
      entityId: key,
      summary: `${key}: ${body.disabled ? 'turned off' : `every ${intervalText(body.interval)}`}`,
      changes: {
        interval: { before: before ? rowInterval(before) : null, after: body.interval },
        disabled: { before: before?.disabled ?? false, after: body.disabled },
      },
    });
  });
  return entryOf(ctx, key);
}

export async function removeOverride(ctx: Ctx, actor: AuditActor, key: string): Promise<ScheduleTaskDto> {
  if (!DEFAULT_KEYS.has(key)) throw new NotFoundError(COMPLIANCE_MESSAGES.defaultNotFound);
  await ctx.db.transaction(async (tx) => {
    // Putting back a task that was never changed is no error: the answer is the default either way.
    if (await deleteScheduleEdit(tx, key, false))
      await recordAudit(tx, actor, {
        kind: 'compliance.default_reset',
        entityType: 'compliance_task',
        entityId: key,
        summary: `${key}: back to default`,
      });
  });
  return entryOf(ctx, key);
}

export async function addOwnerTask(ctx: Ctx, actor: AuditActor, body: OwnerTaskBody): Promise<ScheduleTaskDto> {
  const key = `owner-${randomUUID().slice(0, 8)}`;
  await ctx.db.transaction(async (tx) => {
    if (body.productId && !(await productExists(tx, body.productId)))
      throw new BadRequestError(COMPLIANCE_MESSAGES.productNotFound);
    await insertOwnerTask(tx, {
      taskKey: key,
      title: body.title,
      categoryKey: body.categoryKey,
      productId: body.productId,
      ...intervalFields(body.interval),
      basisSource: body.source,
      basisClause: body.clause,
      basisKind: body.kind,
    });
    await recordAudit(tx, actor, {
      kind: 'compliance.task_added',
      entityType: 'compliance_task',
      entityId: key,
      summary: `${body.title}: every ${intervalText(body.interval)}`,
      changes: { task: { before: null, after: body } },
    });
  });
  return entryOf(ctx, key);
}

export async function editOwnerTask(
  ctx: Ctx,
  actor: AuditActor,
  key: string,
  patch: OwnerTaskPatch,
): Promise<ScheduleTaskDto> {
  await ctx.db.transaction(async (tx) => {
    const before = await findScheduleEdit(tx, key);
    if (!before?.ownerTask) throw new NotFoundError(COMPLIANCE_MESSAGES.ownerTaskNotFound);
    await updateOwnerTask(tx, key, {
      title: patch.title,
      ...(patch.interval
        ? {
            intervalMonths: patch.interval.unit === 'months' ? patch.interval.count : null,
            intervalDays: patch.interval.unit === 'days' ? patch.interval.count : null,
          }
        : {}),
      basisSource: patch.source,
      basisClause: patch.clause,
      basisKind: patch.kind,
    });
    await recordAudit(tx, actor, {
      kind: 'compliance.task_edited',
      entityType: 'compliance_task',
      entityId: key,
      summary: `${patch.title ?? before.title}${patch.interval ? `: every ${intervalText(patch.interval)}` : ''}`,
      changes: {
        task: {
          before: { title: before.title, interval: rowInterval(before), source: before.basisSource },
          after: patch,
        },
      },
    });
  });
  return entryOf(ctx, key);
}

export async function removeOwnerTask(ctx: Ctx, actor: AuditActor, key: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findScheduleEdit(tx, key);
    if (!before?.ownerTask || !(await deleteScheduleEdit(tx, key, true)))
      throw new NotFoundError(COMPLIANCE_MESSAGES.ownerTaskNotFound);
    await recordAudit(tx, actor, {
      kind: 'compliance.task_removed',
      entityType: 'compliance_task',
      entityId: key,
      summary: `Removed: ${before.title}`,
    });
  });
}
