/**
 * The storefront's pages with the product "modal route": a product opened from a page of the shop
 * (`state.background`, shop/catalog/product-route-state.ts) shows as a modal over that page, which
 * stays rendered (and mounted: same place in the tree, so it neither reloads nor loses its scroll);
 * without a background (a shared link, a reload of a first page) /product/{id} is its own route
 * (product-route.tsx). The modal's code loads on demand, beside the page, never in its place.
 */
import { lazy, Suspense } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageInBackground } from '../../shop/catalog/listing-state';
import { backgroundOf } from '../../shop/catalog/product-route-state';

const ProductOverlay = lazy(() => import('./product-overlay'));

export function StorefrontRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const background = backgroundOf(location);
  const page = useRoutes(routes, background ?? location);
  return (
    <>
      {/* Always the provider, so the page keeps its place in the tree when a product opens over it. */}
      <PageInBackground.Provider value={background !== null}>{page}</PageInBackground.Provider>
      {background && (
        <Suspense fallback={null}>
          <ProductOverlay />
        </Suspense>
      )}
    </>
  );
}
