/**
 * The annual maintenance contracts' store (docs/shop-rules.md#amc): contracts made on delivery, their visits, the
 * open visits the back office lists and a visit marked done.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/raw-rows';
import { amcContracts, amcVisits, businessOutlets, businesses, products, users } from '../../db/schema';

export type AmcContractRow = typeof amcContracts.$inferSelect;
export type AmcVisitRow = typeof amcVisits.$inferSelect & { doneByName: string | null };

/**
 * One contract per line of an AMC product of an order delivered to a business's outlet (none for a consumer's
 * order), starting on `startsOn`; a line that already has its contract (delivered again after a move back) is
 * skipped. Answers the contracts made, for their visits to be scheduled.
 */
export async function insertDeliveredContracts(
  tx: DbOrTx,
  orderId: string,
  startsOn: string,
  endsOn: string,
): Promise<Pick<AmcContractRow, 'id' | 'visitsPerYear'>[]> {
  const result = await tx.execute(sql`
    insert into amc_contracts (business_id, outlet_id, product_id, order_id, order_item_id, title, quantity,
      starts_on, ends_on, visits_per_year)
    select o.business_id, o.outlet_id, p.id, o.id, oi.id, oi.title || coalesce(' (' || oi.size || ')', ''),
      oi.quantity, ${startsOn}::date, ${endsOn}::date, p.amc_visits_per_year
    from orders o
    join order_items oi on oi.order_id = o.id
    join products p on p.id = oi.product_id
    where o.id = ${orderId} and o.business_id is not null and o.outlet_id is not null and p.kind = 'amc'
    on conflict (order_item_id) do nothing
    returning id, visits_per_year as "visitsPerYear"`);
  return rowsOf<Pick<AmcContractRow, 'id' | 'visitsPerYear'>>(result);
}

export async function insertVisits(tx: DbOrTx, values: { contractId: string; number: number; dueOn: string }[]) {
  if (values.length > 0) await tx.insert(amcVisits).values(values);
}

const visitColumns = {
  id: amcVisits.id,
  contractId: amcVisits.contractId,
  number: amcVisits.number,
  dueOn: amcVisits.dueOn,
  doneOn: amcVisits.doneOn,
  doneBy: amcVisits.doneBy,
  doneByName: users.name,
  note: amcVisits.note,
  doneAt: amcVisits.doneAt,
};

/** The outlet's contracts, the latest first, and all their visits. */
export async function findContractsOfOutlet(db: DbOrTx, outletId: string) {
  const contracts = await db
    .select()
    .from(amcContracts)
    .where(eq(amcContracts.outletId, outletId))
    .orderBy(desc(amcContracts.startsOn), desc(amcContracts.createdAt));
  const visits =
    contracts.length === 0
      ? []
      : await db
          .select(visitColumns)
          .from(amcVisits)
          .leftJoin(users, eq(users.id, amcVisits.doneBy))
          .where(
            inArray(
              amcVisits.contractId,
              contracts.map((contract) => contract.id),
            ),
          )
          .orderBy(asc(amcVisits.number));
  return { contracts, visits };
}

/** The outlet when it is the business's; undefined otherwise. */
export async function findOutletOfBusiness(db: DbOrTx, businessId: string, outletId: string) {
  const [row] = await db
    .select({ id: businessOutlets.id })
    .from(businessOutlets)
    .where(and(eq(businessOutlets.id, outletId), eq(businessOutlets.businessId, businessId)));
  return row;
}

/** Open visits due on or before `to`, the earliest first, at most `limit`, with their contract and outlet; and their count. */
export async function findOpenVisitsDue(db: DbOrTx, to: string, limit: number) {
  const open = and(isNull(amcVisits.doneOn), sql`${amcVisits.dueOn} <= ${to}`);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...visitColumns,
        visits: amcContracts.visitsPerYear,
        title: amcContracts.title,
        startsOn: amcContracts.startsOn,
        endsOn: amcContracts.endsOn,
        businessName: businesses.legalName,
        outletName: sql<string>`coalesce(${businessOutlets.name}, '')`,
        city: sql<string>`coalesce(${businessOutlets.address} ->> 'city', '')`,
      })
      .from(amcVisits)
      .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
      .innerJoin(businesses, eq(businesses.id, amcContracts.businessId))
      .leftJoin(businessOutlets, eq(businessOutlets.id, amcContracts.outletId))
      .leftJoin(users, eq(users.id, amcVisits.doneBy))
      .where(open)
      .orderBy(asc(amcVisits.dueOn), asc(businesses.legalName), asc(amcVisits.id))
      .limit(limit),
    db.select({ count: count() }).from(amcVisits).where(open),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** A visit with its contract's outlet, start and product's covered tasks, its row locked until commit. */
export async function findVisitForUpdate(tx: DbOrTx, visitId: string) {
  const [row] = await tx
    .select({
      visit: amcVisits,
      outletId: amcContracts.outletId,
      startsOn: amcContracts.startsOn,
      visits: amcContracts.visitsPerYear,
      title: amcContracts.title,
      taskKeys: sql<string[]>`coalesce(${products.taskKeys}, '{}'::text[])`,
    })
    .from(amcVisits)
    .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
    .leftJoin(products, eq(products.id, amcContracts.productId))
    .where(eq(amcVisits.id, visitId))
    .for('update', { of: amcVisits });
  return row;
}

export async function markVisitDone(
  tx: DbOrTx,
  visitId: string,
  values: { doneOn: string; note: string; doneBy: string },
): Promise<AmcVisitRow> {
  await tx
    .update(amcVisits)
    .set({ ...values, doneAt: new Date() })
    .where(eq(amcVisits.id, visitId));
  const [row] = await tx
    .select(visitColumns)
    .from(amcVisits)
    .leftJoin(users, eq(users.id, amcVisits.doneBy))
    .where(eq(amcVisits.id, visitId));
  return row!;
}
