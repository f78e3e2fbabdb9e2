/**
 * Test helpers of the invoices tests (docs/shop-rules.md#invoices): the demo seller's details, products with
 * tax data, valid and invalid GSTINs, the documents of an order, and logs that stay silent or record what they
 * were told. Used by tests only.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { gstinCheckCharacter, type GstRate } from '@pumpkart/shared';
import type { Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { products, taxDocuments } from '../../db/schema';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import type { TestApp } from '../../test/app';
import { createTestProduct, type TestProductInput } from '../../test/factories';
import { ensureStoreSettings } from '../settings';

/** The demo shop's details: PumpKart Equipment Private Limited, Maharashtra (27), invoice prefix PK. */
export const enterSellerDetails = (t: TestApp) => ensureStoreSettings(t.app.ctx, demoStoreSettings());

/** A GSTIN that passes the check: state code + PAN + '1Z' + the computed check character. */
export function validGstinFor(stateCode: string, pan = 'AABFB1234C'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export interface TaxedProductInput extends TestProductInput {
  hsnCode?: string | null;
  gstRate?: GstRate;
  pesoApproval?: string | null;
  bisLicence?: string | null;
}

/** A product with tax data (HSN 84131100 at 18 % unless told otherwise). */
export async function createTaxedProduct(db: DbOrTx, input: TaxedProductInput = {}) {
  const { product, variants } = await createTestProduct(db, {
    title: `Taxed product ${randomUUID().slice(0, 8)}`,
    ...input,
  });
  const [taxed] = await db
    .update(products)
    .set({
      hsnCode: input.hsnCode === undefined ? '84131100' : input.hsnCode,
      gstRate: input.gstRate ?? 18,
      pesoApproval: input.pesoApproval ?? null,
      bisLicence: input.bisLicence ?? null,
    })
    .where(eq(products.id, product.id))
    .returning();
  return { product: taxed!, variants };
}

/** The order's tax documents, invoice first. */
export const documentsOf = (db: DbOrTx, orderId: string) =>
  db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(desc(taxDocuments.kind));

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Log;

/** A log that keeps the messages of its warnings and errors. */
export function recordingLog() {
  const warnings: string[] = [];
  const errors: string[] = [];
  const log = {
    info: () => {},
    warn: (_context: unknown, message?: string) => warnings.push(message ?? ''),
    error: (_context: unknown, message?: string) => errors.push(message ?? ''),
  } as unknown as Log;
  return { log, warnings, errors };
}
