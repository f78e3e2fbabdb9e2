/**
 * What the audit trail records of a product (docs/shop-rules.md#audit): a snapshot of the fields an admin edits
 * (price in rupees; variants summarised as sizes with prices, their stock apart, so a stock-only change is told
 * from an edit), and the record of each admin write, made inside that write's transaction.
 */
import { toRupees } from '@pumpkart/shared';
import type { Transaction } from '../../db/client';
import { changedFields, recordAudit, type AuditActor, type AuditEventInput } from '../audit';
import { findProductRow, type ProductRow } from './store/catalog';
import { findAuditedParts } from './store/products';

export type ProductSnapshot = Record<string, unknown> & { title: string };

/** Fields that only move stock: a change of these alone is 'product.stock_adjusted'. */
const STOCK_FIELDS = new Set(['stock', 'variantStock']);

type SnapshotRow = Pick<
  ProductRow,
  | 'title'
  | 'description'
  | 'category'
  | 'brand'
  | 'pricePaise'
  | 'mrpPaise'
  | 'stock'
  | 'lowStockThreshold'
  | 'active'
  | 'hsnCode'
  | 'gstRate'
  | 'countryOfOrigin'
  | 'manufacturer'
  | 'bisLicence'
  | 'pesoApproval'
  | 'legalMetrologyApproval'
  | 'complianceCategory'
  | 'extinguisherType'
  | 'warrantyMonths'
  | 'kind'
  | 'taskKeys'
>;

/** The audited fields of a product's row, its variants (in order) and its number of images. */
export function snapshotOf(
  row: SnapshotRow,
  variants: readonly { size: string | null; pricePaise: number; mrpPaise: number | null; stock: number }[],
  imageCount: number,
): ProductSnapshot {
  const sizeOf = (variant: { size: string | null }) => variant.size ?? 'no size';
  return {
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    price: toRupees(row.pricePaise),
    mrp: row.mrpPaise === null ? null : toRupees(row.mrpPaise),
    stock: row.stock,
    lowStockThreshold: row.lowStockThreshold,
    active: row.active,
    // A size's MRP is part of its price's entry: 'L: ₹900 (MRP ₹1000)'.
    variants: variants.length
      ? variants
          .map(
            (v) =>
              `${sizeOf(v)}: ₹${toRupees(v.pricePaise)}${v.mrpPaise === null ? '' : ` (MRP ₹${toRupees(v.mrpPaise)})`}`,
          )
          .join(', ')
      : null,
    variantStock: variants.length ? variants.map((v) => `${sizeOf(v)}: ${v.stock}`).join(', ') : null,
    images: imageCount,
    hsnCode: row.hsnCode,
    gstRate: Number(row.gstRate),
    countryOfOrigin: row.countryOfOrigin,
    manufacturer: row.manufacturer,
    bisLicence: row.bisLicence,
    pesoApproval: row.pesoApproval,
    legalMetrologyApproval: row.legalMetrologyApproval,
    complianceCategory: row.complianceCategory,
    extinguisherType: row.extinguisherType,
    warrantyMonths: row.warrantyMonths,
    kind: row.kind,
    taskKeys: row.taskKeys.length ? row.taskKeys.join(', ') : null,
  };
}

/** The audited fields of a product as stored now (inside `tx`), or undefined when it does not exist. */
export async function productSnapshot(tx: Transaction, id: string): Promise<ProductSnapshot | undefined> {
  const row = await findProductRow(tx, id, { includeInactive: true });
  if (!row) return undefined;
  const { variants, imageCount } = await findAuditedParts(tx, id);
  return snapshotOf(row, variants, imageCount);
}

/** The record of a creation, from the new product's snapshot. */
export function productCreatedEvent(id: string, after: ProductSnapshot): AuditEventInput {
  return {
    kind: 'product.created',
    entityType: 'product',
    entityId: id,
    summary: `Created "${after.title}"`,
    changes: changedFields({}, after),
  };
}

export async function recordProductCreated(tx: Transaction, actor: AuditActor, id: string): Promise<void> {
  const after = await productSnapshot(tx, id);
  if (!after) return;
  await recordAudit(tx, actor, productCreatedEvent(id, after));
}

/**
 * An edit: the changed fields before and after; 'product.stock_adjusted' when only stock moved, an active
 * toggle of its own as activated/deactivated; nothing when nothing changed.
 */
export async function recordProductEdited(
  tx: Transaction,
  actor: AuditActor,
  id: string,
  before: ProductSnapshot,
): Promise<void> {
  const after = await productSnapshot(tx, id);
  if (!after) return;
  const changes = changedFields(before, after);
  const fields = Object.keys(changes);
  if (fields.length === 0) return;
  const title = after.title;
  if (fields.every((field) => STOCK_FIELDS.has(field))) {
    const summary = `Stock of "${title}": ${String(before.stock)} → ${String(after.stock)}`;
    await recordAudit(tx, actor, {
      kind: 'product.stock_adjusted',
      entityType: 'product',
      entityId: id,
      summary,
      changes,
    });
  } else if (fields.length === 1 && fields[0] === 'active') {
    await recordProductActive(tx, actor, id, title, after.active === true);
  } else {
    const summary = `Edited "${title}": ${fields.join(', ')}`;
    await recordAudit(tx, actor, { kind: 'product.updated', entityType: 'product', entityId: id, summary, changes });
  }
}

export async function recordProductActive(
  tx: Transaction,
  actor: AuditActor,
  id: string,
  title: string,
  active: boolean,
): Promise<void> {
  await recordAudit(tx, actor, {
    kind: active ? 'product.activated' : 'product.deactivated',
    entityType: 'product',
    entityId: id,
    summary: `"${title}" ${active ? 'activated' : 'deactivated'}`,
    changes: { active: { before: !active, after: active } },
  });
}

export async function recordProductDeleted(tx: Transaction, actor: AuditActor, id: string, title: string) {
  await recordAudit(tx, actor, {
    kind: 'product.deleted',
    entityType: 'product',
    entityId: id,
    summary: `Deleted "${title}" permanently`,
    changes: null,
  });
}
