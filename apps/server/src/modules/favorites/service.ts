/** Favorites (docs/shop-rules.md#cart): a set of product ids per user, answered newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { favorites, products } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

type Ctx = Pick<AppContext, 'db'>;

export async function listFavoriteIds({ db }: Ctx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  return rows.map((row) => row.productId);
}

/** Adds the product to the favorites, or removes it when it is there; an unknown product is 404. */
export async function toggleFavorite(ctx: Ctx, userId: string, productId: string): Promise<string[]> {
  const { db } = ctx;
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError('This product does not exist.');
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  if (removed.length === 0) {
    await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  }
  return listFavoriteIds(ctx, userId);
}
