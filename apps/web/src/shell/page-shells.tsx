/**
 * The page shells: what the app's first render paints for a signed-out visitor on the home page and on a category
 * page, rendered at build time from the app's own components (vite.config.ts writes them to page-shells.json) and
 * put by the server into the page's `<div id="root">`, so that the page paints before its JavaScript has been
 * fetched and run (docs/decisions/0016-storefront-weight.md). The app does not hydrate them: its first commit
 * replaces them with the same markup (main.tsx), which is why they must be exactly that first render.
 *
 * A category page's first page of cards differs per category and changes with the catalog: the web build also
 * bundles this module for the server (vite.config.ts, `.server/page-shells.js` beside index.html), which renders
 * `renderCategoryPage` with the category's first page read as the API answers it, and puts that page into the
 * page as data for the app's first render (page-data.ts; apps/server/src/modules/seo/page-template.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { AppRoutes, preloadPage } from '../App';
import { initialSearchOf, listingSearch, parseListingState } from '../shop/catalog/listing-state';
import { renderForWidth } from '../ui/use-media-query';
import { categoryPath, productPath } from '../config/paths';
import { createStore, type AppStore } from '../store';
import { searchChanged } from '../store/filters-slice';
import { seedCategoryPage, seedProductPage, type CategoryPageData, type ProductPageData } from './page-data';

export {
  categoryFirstPageQuery,
  opensOnFirstPage,
  PAGE_DATA_ID,
  type CategoryPageData,
  type ProductPageData,
} from './page-data';

/** The viewport a phone's first render has: below 640 px the product is a page of its own (product-route.tsx). */
const PHONE_WIDTH = 360;

/** Stands for the category's name in the category shell; the server puts the escaped name in its place. */
export const CATEGORY_PLACEHOLDER = '%%PUMPKART_CATEGORY%%';

export interface PageShells {
  home: string;
  /** With CATEGORY_PLACEHOLDER wherever the name goes. */
  category: string;
}

const shellStore = () => createStore(undefined, { connect: false });

/**
 * The app's first render at `url`; `prepare` runs on the store right before it, as main.tsx's does. With `width`,
 * as a viewport that wide shows it (media queries); without, as one no query matches.
 */
async function renderAt(url: string, prepare?: (store: AppStore) => void, width?: number): Promise<string> {
  // As main.tsx does before the app's first render: the page's code is in, so nothing suspends.
  await preloadPage(url);
  const store = shellStore();
  const [pathname = '/', search = ''] = url.split('?');
  const addressSearch = initialSearchOf(pathname, search);
  if (addressSearch) store.dispatch(searchChanged(addressSearch));
  prepare?.(store);
  const render = () =>
    renderToStaticMarkup(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );
  return width === undefined ? render() : renderForWidth(width, render);
}

export async function renderPageShells(): Promise<PageShells> {
  const category = await renderAt(categoryPath(CATEGORY_PLACEHOLDER));
  if (!category.includes(CATEGORY_PLACEHOLDER)) throw new Error('The category shell lost its name');
  return { home: await renderAt('/'), category };
}

/**
 * The canonical query of the home page's list state in an address's query (shop/catalog/listing-state.ts): '' when it
 * holds none, so that the server answers the prebuilt home shell; else the query the home shell is rendered for.
 */
export function homeListingQuery(query: string): string {
  return listingSearch(parseListingState(new URLSearchParams(query))).slice(1);
}

/** The home page's first screen for the list state in `query` (homeListingQuery): its heading, chips and order. */
export function renderHomePage(query: string): Promise<string> {
  return renderAt(query ? `/?${query}` : '/');
}

/**
 * A category page's first screen with its first page of cards, the heading's count and the list as the app's first
 * render shows them once `data` is in its cache (main.tsx puts it there from the page, as here).
 */
export function renderCategoryPage(data: CategoryPageData): Promise<string> {
  // Put in right before the render: an entry nothing shows is dropped on the next turn (keepUnusedDataFor 0).
  return renderAt(categoryPath(data.category), (store) => seedCategoryPage(store.dispatch, data));
}

/**
 * A product page's first screen as a phone's first render shows it once `data` is in its cache (main.tsx puts it
 * there from the page): the product page with its main picture (width, height, srcset, fetchpriority=high), so that
 * the picture is in the first HTML. Wider than a phone the app opens the product over its category instead, and its
 * first commit replaces this page.
 */
export function renderProductPage(data: ProductPageData): Promise<string> {
  return renderAt(productPath(data.product._id), (store) => seedProductPage(store.dispatch, data), PHONE_WIDTH);
}
