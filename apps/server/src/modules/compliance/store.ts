/**
 * The compliance schedules' store (docs/compliance-schedules.md#owner-changes): the owner's edits, one row per task
 * key (an override of a default task, or a task the owner added), read whole (a shop has tens of them) and written
 * one row at a time.
 */
import { asc, eq, and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { complianceScheduleEdits, products } from '../../db/schema';

export type ScheduleEditRow = typeof complianceScheduleEdits.$inferSelect & { productTitle: string | null };
export type ScheduleEditInsert = typeof complianceScheduleEdits.$inferInsert;

/** Every edit, with the title of an owner's task's product, oldest first (the owner's tasks in the order added). */
export async function listScheduleEdits(db: DbOrTx): Promise<ScheduleEditRow[]> {
  const rows = await db
    .select({ edit: complianceScheduleEdits, productTitle: products.title })
    .from(complianceScheduleEdits)
    .leftJoin(products, eq(products.id, complianceScheduleEdits.productId))
    .orderBy(asc(complianceScheduleEdits.createdAt), asc(complianceScheduleEdits.taskKey));
  return rows.map((row) => ({ ...row.edit, productTitle: row.productTitle }));
}

export async function findScheduleEdit(db: DbOrTx, taskKey: string) {
  const [row] = await db.select().from(complianceScheduleEdits).where(eq(complianceScheduleEdits.taskKey, taskKey));
  return row;
}

/** Writes a default task's override, replacing the one it had. */
export async function upsertOverride(
  db: DbOrTx,
  taskKey: string,
  fields: { intervalMonths: number | null; intervalDays: number | null; disabled: boolean },
): Promise<void> {
  await db
    .insert(complianceScheduleEdits)
    .values({ taskKey, ownerTask: false, ...fields })
    .onConflictDoUpdate({ target: complianceScheduleEdits.taskKey, set: { ...fields, updatedAt: new Date() } });
}

/** Deletes a row of the kind given; answers whether there was one. */
export async function deleteScheduleEdit(db: DbOrTx, taskKey: string, ownerTask: boolean): Promise<boolean> {
  const deleted = await db
    .delete(complianceScheduleEdits)
    .where(and(eq(complianceScheduleEdits.taskKey, taskKey), eq(complianceScheduleEdits.ownerTask, ownerTask)))
    .returning({ taskKey: complianceScheduleEdits.taskKey });
  return deleted.length > 0;
}

export async function insertOwnerTask(db: DbOrTx, row: Omit<ScheduleEditInsert, 'ownerTask'>): Promise<void> {
  await db.insert(complianceScheduleEdits).values({ ...row, ownerTask: true });
}

/** Changes an owner's task; answers whether it exists. */
export async function updateOwnerTask(
  db: DbOrTx,
  taskKey: string,
  set: Partial<
    Pick<ScheduleEditInsert, 'title' | 'intervalMonths' | 'intervalDays' | 'basisSource' | 'basisClause' | 'basisKind'>
  >,
): Promise<boolean> {
  const updated = await db
    .update(complianceScheduleEdits)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(complianceScheduleEdits.taskKey, taskKey), eq(complianceScheduleEdits.ownerTask, true)))
    .returning({ taskKey: complianceScheduleEdits.taskKey });
  return updated.length > 0;
}

export async function productExists(db: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return row !== undefined;
}
