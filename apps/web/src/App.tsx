/**
 * The route table. The home page is in the main bundle (it is the landing page);
 * every other page, and the whole admin area, is loaded on demand. The storefront's pages are
 * matched inside its frame by StorefrontRoutes, which shows a product opened in the app as a modal
 * over the page it was opened from (features/product/storefront-routes.tsx). The routes render through
 * BrowserRouter and useRoutes: the app uses no loaders, actions or other data-router features, and the data
 * router would add about 16 KB gzip to every page (docs/decisions/0016-storefront-weight.md).
 */
import { createElement, lazy, Suspense, useState, type ComponentType, type ElementType } from 'react';
import { BrowserRouter, matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth, RequireBackOffice } from './shop/layout/guards';
import { Layout } from './shop/layout/layout';
import { paths } from './config/paths';
import { HomePage } from './features/home/home-page';
import { StorefrontRoutes } from './features/product/storefront-routes';
import { Loading } from './ui/spinner';

/** A page loaded on demand whose code can also be fetched ahead of its first render (`preload`). */
type PageComponent = ComponentType & { preload: () => Promise<unknown> };

const named = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K): PageComponent => {
  let loaded: ComponentType | undefined;
  const load = () => loader().then((module) => (loaded = module[name]));
  const Lazy = lazy(() => load().then((page) => ({ default: page })));
  function Page() {
    // Chosen once per mount: a page whose code is in already renders at once instead of suspending (the page
    // shell stays until the real page replaces it, docs/decisions/0016-storefront-weight.md), and a page that
    // suspended keeps its lazy wrapper, so that its code arriving never remounts it.
    const [page] = useState<{ component: ElementType }>(() => ({ component: loaded ?? Lazy }));
    return createElement(page.component);
  }
  return Object.assign(Page, { preload: load });
};

const LoginPage = named(() => import('./features/auth/login-page'), 'LoginPage');
const SignupPage = named(() => import('./features/auth/signup-page'), 'SignupPage');
const ForgotPasswordPage = named(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = named(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage');
const SetPasswordPage = named(() => import('./features/auth/reset-password-page'), 'SetPasswordPage');
const AboutPage = named(() => import('./features/static/about-page'), 'AboutPage');
const PolicyPage = named(() => import('./features/static/policy-page'), 'PolicyPage');
const TermsPage = named(() => import('./features/static/terms-page'), 'TermsPage');
const ContactPage = named(() => import('./features/static/contact-page'), 'ContactPage');
const BookPage = named(() => import('./features/book/book-page'), 'BookPage');
const CartPage = named(() => import('./features/checkout/cart-page'), 'CartPage');
const PaymentPage = named(() => import('./features/checkout/payment-page'), 'PaymentPage');
const ProfilePage = named(() => import('./features/profile/profile-page'), 'ProfilePage');
const FavoritesPage = named(() => import('./features/favorites/favorites-page'), 'FavoritesPage');
const QuickOrderPage = named(() => import('./features/buy-again/quick-order-page'), 'QuickOrderPage');
const OrdersPage = named(() => import('./features/orders/orders-page'), 'OrdersPage');
const OrderPage = named(() => import('./features/orders/order-page'), 'OrderPage');
const QuotesPage = named(() => import('./features/quotes/quotes-page'), 'QuotesPage');
const QuotePage = named(() => import('./features/quotes/quote-page'), 'QuotePage');
const BusinessPage = named(() => import('./features/business/business-page'), 'BusinessPage');
const JoinBusinessPage = named(() => import('./features/business/join-page'), 'JoinBusinessPage');
const ApprovalsPage = named(() => import('./features/business/approvals-page'), 'ApprovalsPage');
const RegisterPage = named(() => import('./features/business/register-page'), 'RegisterPage');
const CategoryPage = named(() => import('./features/category/category-page'), 'CategoryPage');
const ProductRoute = named(() => import('./features/product/product-route'), 'ProductRoute');
const NotFoundPage = named(() => import('./features/not-found/not-found-page'), 'NotFoundPage');
const AdminApp = lazy(() => import('./admin/admin-app'));

const buyer = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** The storefront's pages (inside the frame of Layout). */
export const storefrontRoutes: RouteObject[] = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.signup, element: <SignupPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.setPassword, element: <SetPasswordPage /> },
  { path: paths.about, element: <AboutPage /> },
  { path: paths.policy, element: <PolicyPage /> },
  { path: paths.terms, element: <TermsPage /> },
  { path: paths.contact, element: <ContactPage /> },
  { path: paths.category, element: <CategoryPage /> },
  { path: paths.product, element: <ProductRoute /> },
  { path: paths.cart, element: buyer(<CartPage />) },
  // Not behind the login guard: the page sends a visitor to log in with its query, which the guard would drop.
  { path: paths.book, element: <BookPage /> },
  { path: paths.payment, element: buyer(<PaymentPage />) },
  { path: paths.profile, element: buyer(<ProfilePage />) },
  { path: paths.favorites, element: buyer(<FavoritesPage />) },
  { path: paths.quickOrder, element: buyer(<QuickOrderPage />) },
  { path: paths.orders, element: buyer(<OrdersPage />) },
  { path: paths.order, element: buyer(<OrderPage />) },
  { path: paths.quotes, element: buyer(<QuotesPage />) },
  { path: paths.quote, element: buyer(<QuotePage />) },
  { path: paths.business, element: buyer(<BusinessPage />) },
  // Not behind the login guard: the page itself asks to log in, keeping the token of its address's hash.
  { path: paths.businessJoin, element: <JoinBusinessPage /> },
  { path: paths.businessApprovals, element: buyer(<ApprovalsPage />) },
  { path: paths.outletRegister, element: buyer(<RegisterPage />) },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [{ path: '*', element: <StorefrontRoutes routes={storefrontRoutes} /> }],
  },
  {
    // The admin area has its own layout: no storefront navbar or footer.
    path: `${paths.admin.root}/*`,
    element: (
      <RequireBackOffice>
        <Suspense fallback={<Loading />}>
          <AdminApp />
        </Suspense>
      </RequireBackOffice>
    ),
  },
  { path: paths.homeAlias, element: <Navigate to={paths.home} replace /> },
];

/**
 * Fetches the code of the storefront page at `pathname` when it is loaded on demand, so that the first render
 * shows that page rather than the loading state (resolves at once for other pages).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = matchRoutes(storefrontRoutes, pathname)?.at(-1)?.route.element;
  const type = (page as { type?: Partial<PageComponent> } | undefined)?.type;
  return type?.preload ? type.preload() : Promise.resolve();
}

export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
