/**
 * My Favorites (docs/shop-rules.md#cart): the products whose ids the server keeps for the buyer, as
 * product cards. Its states are honest (ui/page-states.tsx): card skeletons read out as
 * 'Loading favorites...' while loading, a failure with Try again (never 'No favorites yet.' for a
 * failure), and 'No favorites yet.' with Continue shopping when there are none. Only the favorite
 * products are fetched (GET /products?ids=...), and a product un-hearted here leaves the grid at
 * once without a refetch.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { MESSAGES } from '@pumpkart/shared';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { PRODUCT_GRID_CLASS, ProductCard } from '../../shop/catalog/product-card';
import { ProductGridSkeleton } from '../../shop/catalog/product-listing';
import { useGetFavoritesQuery } from '../../shop/favorites/favorites-api';
import { useGetProductsByIdsQuery } from './favorite-products-api';

const NO_IDS: string[] = [];

export function FavoritesPage() {
  const favorites = useGetFavoritesQuery();
  const ids = favorites.data ?? NO_IDS;
  const status = favorites.isFetching
    ? 'loading'
    : favorites.isError
      ? 'failed'
      : favorites.isSuccess
        ? 'succeeded'
        : 'idle';

  // The ids asked for: an un-hearted product (or one missing from the answer, no longer sold) is not
  // asked for again; a new favorite is (state adjusted while rendering, not in an effect).
  const [requested, setRequested] = useState<string[] | null>(null);
  const requestCovers = requested !== null && ids.every((id) => requested.includes(id));
  if (status === 'succeeded' && ids.length > 0 && !requestCovers) setRequested(ids);
  const products = useGetProductsByIdsQuery(requested && requested.length > 0 ? requested : skipToken);
  const answered = products.currentData !== undefined || products.isError;
  const loaded = requested !== null && answered;

  const idsReady = status === 'succeeded' || (status === 'loading' && loaded);
  const covered = loaded && requestCovers;

  const visible = useMemo(() => {
    if (!products.currentData) return [];
    const order = new Map(ids.map((id, index) => [id, index]));
    return products.currentData
      .filter((product) => order.has(product._id))
      .sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  }, [products.currentData, ids]);

  const heading = <h1 className="mb-4 text-2xl font-semibold text-slate-900">My Favorites</h1>;
  const loading = !idsReady || (ids.length > 0 && !covered);

  if (status === 'failed' && !loaded) {
    return (
      <div>
        {heading}
        <LoadFailed message={MESSAGES.favoritesLoadFailed} onRetry={() => void favorites.refetch()} />
      </div>
    );
  }
  if (loading) {
    return (
      <div>
        {heading}
        <ProductGridSkeleton count={4} label={MESSAGES.loadingFavorites} />
      </div>
    );
  }
  if (products.isError && ids.length > 0) {
    return (
      <div>
        {heading}
        <LoadFailed message={MESSAGES.favoritesLoadFailed} onRetry={() => void products.refetch()} />
      </div>
    );
  }

  return (
    <div>
      {heading}
      {visible.length === 0 ? (
        <EmptyState message={MESSAGES.noFavorites} />
      ) : (
        <>
          {/* The cards' titles are h3: their section heading, for assistive technology. */}
          <h2 className="sr-only">Favorite products</h2>
          <ul className={PRODUCT_GRID_CLASS}>
            {visible.map((product, index) => (
              <li key={product._id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
