/**
 * The storefront frame: navbar, page and footer (hidden on /admin, which has its own layout), and
 * the test-mode banner while payments go through the sandbox, and the page's notifications. Loads (and keeps) the cart and
 * favorites whenever a user is logged in.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useGetCartQuery } from '../cart/cart-api';
import { useGetFavoritesQuery } from '../favorites/favorites-api';
import { useIsLoggedIn } from '../../store/hooks';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Notices } from './notices';
import { Loading } from '../../ui/spinner';
import { TestModeBanner } from './test-mode-banner';

export function Layout() {
  const loggedIn = useIsLoggedIn();
  useGetCartQuery(undefined, { skip: !loggedIn });
  useGetFavoritesQuery(undefined, { skip: !loggedIn });

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-6 sm:py-6">
        {/* While a page's code loads, hold the footer below the fold so that it does not jump down. */}
        <Suspense
          fallback={
            <div className="min-h-screen">
              <Loading />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <TestModeBanner />
      <Notices />
    </div>
  );
}
