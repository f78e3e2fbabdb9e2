/**
 * The outlet register's store (docs/shop-rules.md#assets): assets, the records of their tasks done, the outlet they
 * stand at, and the two writes an order's status change makes (serial numbers kept on its lines when shipped, one
 * asset per delivered unit of equipment when delivered).
 */
import { and, asc, between, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/raw-rows';
import { assetRecordFiles, assets, assetTaskRecords, businesses, businessOutlets, orderItems } from '../../db/schema';

export type AssetRow = typeof assets.$inferSelect;
export type AssetValues = typeof assets.$inferInsert;

/** The outlet when it belongs to the business; undefined otherwise. */
export async function findOutletOfBusiness(db: DbOrTx, businessId: string, outletId: string) {
  const [row] = await db
    .select({
      id: businessOutlets.id,
      name: businessOutlets.name,
      pesoLicenceNumber: businessOutlets.pesoLicenceNumber,
      pesoLicenceValidUntil: businessOutlets.pesoLicenceValidUntil,
      address: businessOutlets.address,
      brand: businessOutlets.brand,
      dealerCode: businessOutlets.dealerCode,
      calendarToken: businessOutlets.calendarToken,
      businessName: businesses.legalName,
    })
    .from(businessOutlets)
    .innerJoin(businesses, eq(businesses.id, businessOutlets.businessId))
    .where(and(eq(businessOutlets.id, outletId), eq(businessOutlets.businessId, businessId)));
  return row;
}
export type OutletRow = NonNullable<Awaited<ReturnType<typeof findOutletOfBusiness>>>;

/** The outlet whose calendar feed has this secret; undefined for a wrong one. */
export async function findOutletByCalendarToken(db: DbOrTx, outletId: string, token: string) {
  const [row] = await db
    .select({ id: businessOutlets.id, businessId: businessOutlets.businessId })
    .from(businessOutlets)
    .where(and(eq(businessOutlets.id, outletId), eq(businessOutlets.calendarToken, token)));
  return row;
}

/** Sets the outlet's calendar secret; with `onlyIfNone`, keeps one already there. Answers the secret in force. */
export async function setCalendarToken(db: DbOrTx, outletId: string, token: string, onlyIfNone: boolean) {
  const [row] = await db
    .update(businessOutlets)
    .set({ calendarToken: onlyIfNone ? sql`coalesce(${businessOutlets.calendarToken}, ${token})` : token })
    .where(eq(businessOutlets.id, outletId))
    .returning({ calendarToken: businessOutlets.calendarToken });
  return row!.calendarToken!;
}

/** The business's asset, its row locked until commit when `lock`; undefined for another business's or none. */
export async function findAsset(db: DbOrTx, businessId: string, assetId: string, lock = false) {
  const query = db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.businessId, businessId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAsset(tx: DbOrTx, values: AssetValues): Promise<AssetRow> {
  const [row] = await tx.insert(assets).values(values).returning();
  return row!;
}

export async function updateAsset(tx: DbOrTx, assetId: string, values: Partial<AssetValues>): Promise<AssetRow> {
  const [row] = await tx
    .update(assets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assets.id, assetId))
    .returning();
  return row!;
}

/** The outlet's assets not retired, by category, make, model and serial number. */
export async function findLiveAssetsOfOutlet(db: DbOrTx, outletId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.outletId, outletId), isNull(assets.retiredOn)))
    .orderBy(
      asc(assets.complianceCategory),
      asc(assets.make),
      asc(assets.model),
      asc(assets.serialNumber),
      asc(assets.id),
    );
}

/** The last day each task of these assets was done, one row per asset and task that has a record. */
export async function findLastDone(db: DbOrTx, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  return db
    .select({
      assetId: assetTaskRecords.assetId,
      taskKey: assetTaskRecords.taskKey,
      lastDoneOn: sql<string>`max(${assetTaskRecords.doneOn})`.mapWith(assetTaskRecords.doneOn),
    })
    .from(assetTaskRecords)
    .where(inArray(assetTaskRecords.assetId, assetIds))
    .groupBy(assetTaskRecords.assetId, assetTaskRecords.taskKey);
}

const recordColumns = {
  id: assetTaskRecords.id,
  assetId: assetTaskRecords.assetId,
  taskKey: assetTaskRecords.taskKey,
  doneOn: assetTaskRecords.doneOn,
  note: assetTaskRecords.note,
  attachmentName: assetTaskRecords.attachmentName,
  attachmentType: assetTaskRecords.attachmentType,
  attachmentSize: assetTaskRecords.attachmentSize,
};
export type TaskRecordRow = typeof assetTaskRecords.$inferSelect;

/**
 * The last record of each task of these assets (latest day, then latest written), one row per asset and task that
 * has one: the register's last done day, note and attachment.
 */
export async function findLastRecords(db: DbOrTx, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  return db
    .selectDistinctOn([assetTaskRecords.assetId, assetTaskRecords.taskKey], recordColumns)
    .from(assetTaskRecords)
    .where(inArray(assetTaskRecords.assetId, assetIds))
    .orderBy(
      assetTaskRecords.assetId,
      assetTaskRecords.taskKey,
      desc(assetTaskRecords.doneOn),
      desc(assetTaskRecords.createdAt),
    );
}

/** A record of the business's asset, locked when `lock`; undefined for another business's or none. */
export async function findRecordOfBusiness(db: DbOrTx, businessId: string, recordId: string, lock = false) {
  const query = db
    .select({ ...recordColumns, retiredOn: assets.retiredOn })
    .from(assetTaskRecords)
    .innerJoin(assets, eq(assets.id, assetTaskRecords.assetId))
    .where(and(eq(assetTaskRecords.id, recordId), eq(assets.businessId, businessId)));
  const [row] = lock ? await query.for('update', { of: assetTaskRecords }) : await query;
  return row;
}

/** Keeps a record's attachment: its bytes, and its name, type and size on the record (one replaces another). */
export async function saveAttachment(
  tx: DbOrTx,
  recordId: string,
  file: { name: string; type: string; data: Buffer },
): Promise<TaskRecordRow> {
  await tx
    .insert(assetRecordFiles)
    .values({ recordId, data: file.data })
    .onConflictDoUpdate({ target: assetRecordFiles.recordId, set: { data: file.data } });
  const [row] = await tx
    .update(assetTaskRecords)
    .set({ attachmentName: file.name, attachmentType: file.type, attachmentSize: file.data.length })
    .where(eq(assetTaskRecords.id, recordId))
    .returning();
  return row!;
}

export async function findAttachmentData(db: DbOrTx, recordId: string): Promise<Buffer | undefined> {
  const [row] = await db.select().from(assetRecordFiles).where(eq(assetRecordFiles.recordId, recordId));
  return row?.data;
}

export async function insertTaskRecord(tx: DbOrTx, values: typeof assetTaskRecords.$inferInsert) {
  const [row] = await tx.insert(assetTaskRecords).values(values).returning();
  return row!;
}

/** The order's lines: what serial numbers may be recorded for. */
export async function findOrderLines(db: DbOrTx, orderId: string) {
  return db
    .select({ id: orderItems.id, title: orderItems.title, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

export async function setLineSerials(tx: DbOrTx, itemId: string, serialNumbers: string[]) {
  await tx.update(orderItems).set({ serialNumbers }).where(eq(orderItems.id, itemId));
}

/**
 * One asset per delivered unit of equipment (a product with a compliance category) of an order delivered to a
 * business's outlet, in one statement: make and model from the product and the line, the unit's serial number
 * from the line, installed on `installedOn`, the warranty's end that many calendar months on (PostgreSQL's
 * date + interval clamps a month end as addMonths does). A unit that already has its asset (the order delivered
 * again after a move back) is skipped. Answers how many were made.
 */
export async function insertDeliveredAssets(tx: DbOrTx, orderId: string, installedOn: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into assets (business_id, outlet_id, product_id, order_id, order_item_id, unit_index, make, model,
      serial_number, compliance_category, extinguisher_type, installed_on, warranty_ends_on)
    select o.business_id, o.outlet_id, p.id, o.id, oi.id, u.n, p.brand,
      oi.title || coalesce(' (' || oi.size || ')', ''),
      nullif(oi.serial_numbers ->> u.n, ''), p.compliance_category, p.extinguisher_type, ${installedOn}::date,
      case when p.warranty_months is null then null
        else (${installedOn}::date + make_interval(months => p.warranty_months))::date end
    from orders o
    join order_items oi on oi.order_id = o.id
    join products p on p.id = oi.product_id
    cross join lateral generate_series(0, oi.quantity - 1) as u(n)
    where o.id = ${orderId} and o.business_id is not null and o.outlet_id is not null
      and p.compliance_category is not null
    on conflict (order_item_id, unit_index) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

const outletColumns = {
  outletId: businessOutlets.id,
  businessId: businessOutlets.businessId,
  outletName: businessOutlets.name,
  city: sql<string>`${businessOutlets.address} ->> 'city'`,
  remindersEnabled: businessOutlets.remindersEnabled,
};

/** A reader of live assets with their outlet, by id after `after`, `size` at a time (for keysetBatches). */
export const findLiveAssetsAfter = (db: DbOrTx) => (after: string | undefined, size: number) =>
  db
    .select({ asset: assets, ...outletColumns })
    .from(assets)
    .innerJoin(businessOutlets, eq(businessOutlets.id, assets.outletId))
    .where(and(isNull(assets.retiredOn), after === undefined ? undefined : gt(assets.id, after)))
    .orderBy(asc(assets.id))
    .limit(size);

/** Outlets whose PESO licence's validity ends from `from` (null: any day before too) to `to`. */
export async function findOutletLicencesDue(db: DbOrTx, from: string | null, to: string) {
  const validUntil = businessOutlets.pesoLicenceValidUntil;
  return db
    .select({ ...outletColumns, number: businessOutlets.pesoLicenceNumber, dueOn: validUntil })
    .from(businessOutlets)
    .where(
      from === null
        ? and(isNotNull(validUntil), sql`${validUntil} <= ${to}`)
        : and(isNotNull(validUntil), between(validUntil, from, to)),
    );
}
