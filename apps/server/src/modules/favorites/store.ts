/** The favorites table: each user's set of product ids. */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, products } from '../../db/schema';

/** The user's favorite product ids, newest first. */
export async function findFavoriteIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  return rows.map((row) => row.productId);
}

export async function productExists(db: DbOrTx, productId: string): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return product !== undefined;
}

/** Removes the favorite; false when it was not there. */
export async function removeFavorite(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  return removed.length > 0;
}

export async function addFavorite(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
}
