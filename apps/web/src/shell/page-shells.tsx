/**
 * The page shells: what the app's first render paints for a signed-out visitor on the home page and on a category
 * page, rendered at build time from the app's own components (vite.config.ts writes them to page-shells.json) and
 * put by the server into the page's `<div id="root">`, so that the page paints before its JavaScript has been
 * fetched and run (docs/decisions/0016-storefront-weight.md). The app does not hydrate them: its first commit
 * replaces them with the same markup (main.tsx), which is why they must be exactly that first render.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { AppRoutes, preloadPage } from '../App';
import { categoryPath } from '../config/paths';
import { createStore } from '../store';

/** Stands for the category's name in the category shell; the server puts the escaped name in its place. */
export const CATEGORY_PLACEHOLDER = '%%PUMPKART_CATEGORY%%';

export interface PageShells {
  home: string;
  /** With CATEGORY_PLACEHOLDER wherever the name goes. */
  category: string;
}

async function renderAt(url: string): Promise<string> {
  // As main.tsx does before the app's first render: the page's code is in, so nothing suspends.
  await preloadPage(url);
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
}

export async function renderPageShells(): Promise<PageShells> {
  const category = await renderAt(categoryPath(CATEGORY_PLACEHOLDER));
  if (!category.includes(CATEGORY_PLACEHOLDER)) throw new Error('The category shell lost its name');
  return { home: await renderAt('/'), category };
}
