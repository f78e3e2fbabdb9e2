/**
 * Test data: users with tokens and products with variants, each unique so that tests never depend
 * on each other's leftovers. Products are inserted directly with the denormalised price/stock rule
 * of docs/shop-rules.md#catalog (cheapest variant price, sum of variant stock).
 */
import { randomUUID } from 'node:crypto';
import { toPaise, type Address, type Role } from '@pumpkart/shared';
import type { App } from '../app';
import type { DbOrTx } from '../db/client';
import { productImages, products, productVariants } from '../db/schema';
import { createUser } from '../modules/auth';

export const TEST_PASSWORD = 'secret123';

export const testAddress = (overrides: Partial<Address> = {}): Address => ({
  recipientName: 'Asha Patel',
  recipientPhone: '9123456780',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  ...overrides,
});

export async function createTestUser(app: App, options: { role?: Role; name?: string; email?: string } = {}) {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createUser(app.ctx, {
    name: options.name ?? 'Test Buyer',
    email,
    phone: '9876501234',
    password: TEST_PASSWORD,
    role: options.role ?? 'customer',
  });
  const token = app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion });
  return { user, token, email, password: TEST_PASSWORD };
}

export const createTestAdmin = (app: App) => createTestUser(app, { role: 'admin', name: 'Test Admin' });

export interface TestProductInput {
  title?: string;
  description?: string;
  brand?: string;
  category?: string;
  /** Rupees. */
  price?: number;
  stock?: number;
  lowStockThreshold?: number;
  active?: boolean;
  variants?: { size?: string | null; price: number; stock: number }[];
}

export async function createTestProduct(db: DbOrTx, input: TestProductInput = {}) {
  const variants = input.variants ?? [];
  const pricePaise = variants.length
    ? Math.min(...variants.map((v) => toPaise(v.price)))
    : toPaise(input.price ?? 1000);
  const stock = variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : (input.stock ?? 10);
  const [product] = await db
    .insert(products)
    .values({
      title: input.title ?? `Test product ${randomUUID().slice(0, 8)}`,
      description: input.description ?? 'A product made for a test.',
      brand: input.brand ?? 'TestBrand',
      category: input.category ?? 'Testing Equipment',
      pricePaise,
      stock,
      lowStockThreshold: input.lowStockThreshold ?? 0,
      active: input.active ?? true,
    })
    .returning();
  const variantRows = variants.length
    ? await db
        .insert(productVariants)
        .values(
          variants.map((v, position) => ({
            productId: product!.id,
            size: v.size ?? null,
            pricePaise: toPaise(v.price),
            stock: v.stock,
            position,
          })),
        )
        .returning()
    : [];
  return { product: product!, variants: variantRows };
}

/**
 * Gives a product a picture (a row only, no file): a product saved as active through the form or an import needs
 * one (docs/shop-rules.md#on-sale), so a test that edits a createTestProduct product that way adds it first.
 */
export async function addTestPicture(db: DbOrTx, productId: string) {
  await db.insert(productImages).values({
    productId,
    publicId: `products/${randomUUID()}`,
    width: 800,
    height: 600,
    renditions: [320, 640],
  });
}
