/**
 * First-start data (docs/architecture.md): the admin account from ADMIN_EMAIL / ADMIN_PASSWORD, a
 * demo customer, and, when the products table is empty and SEED_DEMO is on, the demo catalog with
 * six months of demo order history. With SEED_DEMO, the demo shop's business details are written
 * when none exist, and demo products seeded before tax data existed get theirs
 * (docs/shop-rules.md#store-settings, #tax-data); neither ever overwrites what an owner entered.
 */
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { createUser, ensureAdmin } from '../modules/auth';
import { ensureStoreSettings } from '../modules/settings';
import { products, users } from '../db/schema';
import { seedDemoCatalog } from './catalog';
import { DEMO_CUSTOMER } from './demo-customer';
import { seedDemoOrders } from './orders';
import { demoStoreSettings } from './demo-store-settings';
import { ensureDemoTaxData } from './tax-data';

export { DEMO_CUSTOMER };

export interface SeedResult {
  adminCreated: boolean;
  customerCreated: boolean;
  productsCreated: number;
  ordersCreated: number;
  /** The demo shop's business details were written (there were none). */
  storeSettingsCreated: boolean;
  /** Demo products of an older catalog that got their tax data now. */
  taxDataFilled: number;
}

export async function seedDatabase(ctx: AppContext): Promise<SeedResult> {
  const { db, config } = ctx;
  const adminCreated = await ensureAdmin(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (!config.SEED_DEMO) {
    return {
      adminCreated,
      customerCreated: false,
      productsCreated: 0,
      ordersCreated: 0,
      storeSettingsCreated: false,
      taxDataFilled: 0,
    };
  }
  // Made-up business details for the demo only: a made-up GSTIN must never reach a real shop's
  // invoices, so without SEED_DEMO the owner enters the details.
  const storeSettingsCreated = await ensureStoreSettings(ctx, demoStoreSettings());

  let customerCreated = false;
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (!customer) {
    const row = await createUser(ctx, { ...DEMO_CUSTOMER });
    await db
      .update(users)
      .set({ addresses: [{ ...DEMO_CUSTOMER.address }] })
      .where(eq(users.id, row.id));
    customerCreated = true;
  }

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
  const productsCreated = total === 0 ? await seedDemoCatalog(ctx) : 0;
  // A fresh demo catalog comes with six months of order history for the back office to show.
  const ordersCreated = productsCreated > 0 ? await seedDemoOrders(ctx) : 0;
  const taxDataFilled = productsCreated > 0 ? 0 : await ensureDemoTaxData(ctx);
  if (productsCreated > 0 || taxDataFilled > 0) ctx.catalogCache.invalidate();
  return { adminCreated, customerCreated, productsCreated, ordersCreated, storeSettingsCreated, taxDataFilled };
}
