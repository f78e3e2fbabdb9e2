/** Favorites (docs/shop-rules.md#cart): a set of product ids per user, answered newest first. */
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { addFavorite, findFavoriteIds, productExists, removeFavorite } from './store';

type Ctx = Pick<AppContext, 'db'>;

export function listFavoriteIds({ db }: Ctx, userId: string): Promise<string[]> {
  return findFavoriteIds(db, userId);
}

/** Adds the product to the favorites, or removes it when it is there; an unknown product is 404. */
export async function toggleFavorite(ctx: Ctx, userId: string, productId: string): Promise<string[]> {
  const { db } = ctx;
  if (!(await productExists(db, productId))) throw new NotFoundError('This product does not exist.');
  if (!(await removeFavorite(db, userId, productId))) await addFavorite(db, userId, productId);
  return listFavoriteIds(ctx, userId);
}
