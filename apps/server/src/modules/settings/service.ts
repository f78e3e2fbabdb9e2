/**
 * The store's business details (docs/shop-rules.md#store-settings): one row, read through a per-process cache,
 * written whole by the admin (an upsert, so a shop started without the demo data can enter them), and seeded
 * for the demo only when no row exists, so an owner's edit is never overwritten.
 */
import { TAX_DATA_MESSAGES, type StoreSettingsDto, type StoreSettingsValues } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { changedFields, recordAudit, type AuditActor } from '../audit';
import { storeSettingsCacheOf } from './cache';
import { storeSettingsColumns, toStoreSettingsDto } from './dto';
import { findSettingsRow, insertSettingsRowIfMissing, saveSettingsRow } from './store';

type Ctx = Pick<AppContext, 'db'>;

/** The settings, or undefined when none were entered yet. */
export function findStoreSettings(ctx: Ctx): Promise<StoreSettingsDto | undefined> {
  return storeSettingsCacheOf(ctx.db).get(async () => {
    const row = await findSettingsRow(ctx.db);
    return row ? toStoreSettingsDto(row) : undefined;
  });
}

/** The settings; 404 when none were entered yet. */
export async function getStoreSettings(ctx: Ctx): Promise<StoreSettingsDto> {
  const settings = await findStoreSettings(ctx);
  if (!settings) throw new NotFoundError(TAX_DATA_MESSAGES.storeSettingsMissing);
  return settings;
}

/**
 * Saves the whole settings (validated by storeSettingsInputSchema) and answers them as stored; the fields that
 * changed are recorded in the audit trail with their values before and after (docs/shop-rules.md#audit).
 */
export async function updateStoreSettings(
  ctx: Ctx,
  values: StoreSettingsValues,
  actor: AuditActor,
): Promise<StoreSettingsDto> {
  const fields = storeSettingsColumns(values);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findSettingsRow(tx, true);
    const saved = await saveSettingsRow(tx, fields);
    const changes = changedFields(current ? pick(current, fields) : {}, fields);
    if (Object.keys(changes).length > 0) {
      const summary = `Store settings changed: ${Object.keys(changes).join(', ')}`;
      await recordAudit(tx, actor, {
        kind: 'settings.updated',
        entityType: 'settings',
        entityId: null,
        summary,
        changes,
      });
    }
    return saved;
  });
  const settings = toStoreSettingsDto(row);
  storeSettingsCacheOf(ctx.db).replace(settings);
  return settings;
}

/** The row's values of the fields `like` has. */
function pick(row: Record<string, unknown>, like: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((key) => [key, row[key]]));
}

/** Writes `values` only when no settings exist (the seed); true when it did. */
export async function ensureStoreSettings(ctx: Ctx, values: StoreSettingsValues): Promise<boolean> {
  const inserted = await insertSettingsRowIfMissing(ctx.db, storeSettingsColumns(values));
  if (inserted) storeSettingsCacheOf(ctx.db).invalidate();
  return inserted;
}
