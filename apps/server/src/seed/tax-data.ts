/**
 * Tax data for a demo catalog seeded before products had it (docs/shop-rules.md#tax-data): at every demo start,
 * the products that still carry a demo product's title and have no HSN code get that product's tax data from
 * demo-tax-data.ts. A product with an HSN code is never touched, so an owner's entry is never overwritten; other
 * products keep a null HSN code until the owner enters one.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { productFormSchema } from '@pumpkart/shared';
import type { AppContext } from '../context';
import { products } from '../db/schema';
import { productValues } from '../modules/products';
import { DEMO_TAX_DATA, demoTaxFields } from './demo-tax-data';

/** Fills the tax data of demo products without an HSN code; answers how many it filled. */
export async function ensureDemoTaxData(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const missing = await ctx.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(isNull(products.hsnCode), inArray(products.title, Object.keys(DEMO_TAX_DATA))));
  if (missing.length === 0) return 0;
  await ctx.db.transaction(async (tx) => {
    for (const product of missing) {
      // Through the product form's schema and row mapping, as the demo catalog itself is written.
      const form = productFormSchema.parse({ title: product.title, ...demoTaxFields(product.title) });
      const { hsnCode, gstRate, countryOfOrigin, manufacturer, bisLicence, pesoApproval, legalMetrologyApproval } =
        productValues(form);
      await tx
        .update(products)
        .set({ hsnCode, gstRate, countryOfOrigin, manufacturer, bisLicence, pesoApproval, legalMetrologyApproval })
        .where(and(eq(products.id, product.id), isNull(products.hsnCode)));
    }
  });
  return missing.length;
}
