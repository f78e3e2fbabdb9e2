/** What the register's tests share: a business with its people (test/business-factories.ts), an equipment product. */
import { eq } from 'drizzle-orm';
import type { ComplianceCategoryKey, ExtinguisherType } from '@pumpkart/shared';
import { products } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createTestProduct } from '../../test/factories';

export { caller, newBusiness, outletBody, personWithRole } from '../../test/business-factories';

/** A product that is compliance equipment. */
export async function equipmentProduct(
  t: TestApp,
  complianceCategory: ComplianceCategoryKey,
  {
    extinguisherType = null,
    warrantyMonths = null,
  }: { extinguisherType?: ExtinguisherType | null; warrantyMonths?: number | null } = {},
) {
  const { product } = await createTestProduct(t.db, { price: 2500, stock: 50, brand: 'Ceasefire' });
  await t.db
    .update(products)
    .set({ complianceCategory, extinguisherType, warrantyMonths })
    .where(eq(products.id, product.id));
  return product;
}
