/** The store_settings table: one row, id 1 (docs/shop-rules.md#store-settings). */
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { storeSettings } from '../../db/schema';

/** The one row's id. */
const ROW_ID = 1;

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
/** The columns of the settings a save writes (everything but the id and the time). */
export type StoreSettingsColumns = Omit<typeof storeSettings.$inferInsert, 'id' | 'updatedAt'>;

/** The row, or undefined when none was entered yet; `forUpdate` locks it for the caller's transaction. */
export async function findSettingsRow(db: DbOrTx, forUpdate = false): Promise<StoreSettingsRow | undefined> {
  const query = db.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/**
 * The select of the settings row with `extra` columns of the same statement beside it: `settings` (the row, for
 * toStoreSettingsDto) and each extra. For a caller that reads other facts with the settings as they are now (never
 * from the cache), in its own transaction: an invoice reads its order's facts with them (invoices/store/issue.ts).
 */
export function selectStoreSettingsWith<E extends Record<string, SQL.Aliased>>(db: DbOrTx, extra: E) {
  return db
    .select({ settings: storeSettings, ...extra })
    .from(storeSettings)
    .where(eq(storeSettings.id, ROW_ID));
}

/** Writes the row whole, inserting it when there is none, and answers it as stored. */
export async function saveSettingsRow(db: DbOrTx, columns: StoreSettingsColumns): Promise<StoreSettingsRow> {
  const values = { ...columns, updatedAt: new Date() };
  const [saved] = await db
    .insert(storeSettings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: storeSettings.id, set: values })
    .returning();
  return saved!;
}

/** Inserts the row only when there is none; true when it did. */
export async function insertSettingsRowIfMissing(db: DbOrTx, columns: StoreSettingsColumns): Promise<boolean> {
  const inserted = await db
    .insert(storeSettings)
    .values({ id: ROW_ID, ...columns })
    .onConflictDoNothing({ target: storeSettings.id })
    .returning({ id: storeSettings.id });
  return inserted.length > 0;
}
