/**
 * What the due view reads beside the tasks themselves (docs/shop-rules.md#due-view): the businesses' names for a page
 * of items, and for a batch of the CSV each outlet's business, GSTIN, dealer code, state and the business's admin to
 * call (the earliest admin, when there are several).
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/raw-rows';
import { businesses } from '../../db/schema';

export async function findBusinessNames(db: DbOrTx, businessIds: string[]): Promise<Map<string, string>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .select({ id: businesses.id, name: businesses.legalName })
    .from(businesses)
    .where(inArray(businesses.id, businessIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface OutletContact {
  outletId: string;
  businessName: string;
  gstin: string | null;
  dealerCode: string;
  state: string;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

export async function findOutletContacts(db: DbOrTx, outletIds: string[]): Promise<Map<string, OutletContact>> {
  if (outletIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select bo.id as "outletId", b.legal_name as "businessName", b.gstin, bo.dealer_code as "dealerCode",
      coalesce(bo.address ->> 'state', '') as state, admin.name as "contactName", admin.phone as "contactPhone",
      admin.email as "contactEmail"
    from business_outlets bo
    join businesses b on b.id = bo.business_id
    left join lateral (
      select u.name, u.phone, u.email from business_members m join users u on u.id = m.user_id
      where m.business_id = b.id and m.role = 'admin' order by m.created_at, u.id limit 1
    ) admin on true
    where bo.id in (${sql.join(
      outletIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(rowsOf<OutletContact>(result).map((row) => [row.outletId, row]));
}
