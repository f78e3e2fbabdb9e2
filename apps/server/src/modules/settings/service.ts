/**
 * The store's business details (docs/shop-rules.md#store-settings): one row, read through a per-process cache,
 * written whole by the admin (an upsert, so a shop started without the demo data can enter them), and seeded
 * for the demo only when no row exists, so an owner's edit is never overwritten.
 */
import { eq } from 'drizzle-orm';
import { TAX_DATA_MESSAGES, type StoreSettingsDto, type StoreSettingsValues } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { storeSettings } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { storeSettingsCacheOf } from './cache';
import { storeSettingsColumns, toStoreSettingsDto } from './dto';

/** The one row's id. */
const ROW_ID = 1;

type Ctx = Pick<AppContext, 'db'>;

/** The settings, or undefined when none were entered yet. */
export function findStoreSettings(ctx: Ctx): Promise<StoreSettingsDto | undefined> {
  return storeSettingsCacheOf(ctx.db).get(async () => {
    const [row] = await ctx.db.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID));
    return row ? toStoreSettingsDto(row) : undefined;
  });
}

/** The settings; 404 when none were entered yet. */
export async function getStoreSettings(ctx: Ctx): Promise<StoreSettingsDto> {
  const settings = await findStoreSettings(ctx);
  if (!settings) throw new NotFoundError(TAX_DATA_MESSAGES.storeSettingsMissing);
  return settings;
}

/** Saves the whole settings (validated by storeSettingsInputSchema) and answers them as stored. */
export async function updateStoreSettings(ctx: Ctx, values: StoreSettingsValues): Promise<StoreSettingsDto> {
  const columns = { ...storeSettingsColumns(values), updatedAt: new Date() };
  const [row] = await ctx.db
    .insert(storeSettings)
    .values({ id: ROW_ID, ...columns })
    .onConflictDoUpdate({ target: storeSettings.id, set: columns })
    .returning();
  const settings = toStoreSettingsDto(row!);
  storeSettingsCacheOf(ctx.db).replace(settings);
  return settings;
}

/** Writes `values` only when no settings exist (the seed); true when it did. */
export async function ensureStoreSettings(ctx: Ctx, values: StoreSettingsValues): Promise<boolean> {
  const inserted = await ctx.db
    .insert(storeSettings)
    .values({ id: ROW_ID, ...storeSettingsColumns(values) })
    .onConflictDoNothing({ target: storeSettings.id })
    .returning({ id: storeSettings.id });
  if (inserted.length > 0) storeSettingsCacheOf(ctx.db).invalidate();
  return inserted.length > 0;
}
