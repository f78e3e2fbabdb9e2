/**
 * First-start data (docs/architecture.md): the admin account from ADMIN_EMAIL / ADMIN_PASSWORD, a
 * demo customer, and, when the products table is empty and SEED_DEMO is on, the demo catalog with
 * six months of demo order history.
 */
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { createUser, ensureAdmin } from '../modules/auth';
import { products, users } from '../db/schema';
import { seedDemoCatalog } from './catalog';
import { DEMO_CUSTOMER } from './demo-customer';
import { seedDemoOrders } from './orders';

export { DEMO_CUSTOMER };

export interface SeedResult {
  adminCreated: boolean;
  customerCreated: boolean;
  productsCreated: number;
  ordersCreated: number;
}

export async function seedDatabase(ctx: AppContext): Promise<SeedResult> {
  const { db, config } = ctx;
  const adminCreated = await ensureAdmin(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (!config.SEED_DEMO) return { adminCreated, customerCreated: false, productsCreated: 0, ordersCreated: 0 };

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
  if (productsCreated > 0) ctx.catalogCache.invalidate();
  return { adminCreated, customerCreated, productsCreated, ordersCreated };
}
