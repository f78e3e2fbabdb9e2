import { startTransition, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App, preloadPage } from './App';
import { initialSearchOf } from './shop/catalog/listing-state';
import { readPageData, seedPageData } from './shell/page-data';
import { storage } from './lib/storage';
import { createStore } from './store';
import { searchChanged } from './store/filters-slice';
import './index.css';

const store = createStore();
const container = document.getElementById('root')!;

/** The page shell's search box (shell/page-shells.tsx), which a visitor may type in before the app starts. */
const shellSearch = () => container.querySelector<HTMLInputElement>('input#navbar-search');

/**
 * An order the visitor chose in the page shell's "Sort by" select (shop/catalog/sort-select.tsx) before the app
 * started: put in the address, where the app reads it, so the first render sorts by it rather than dropping it.
 */
function carryShellSort() {
  const select = container.querySelector<HTMLSelectElement>('select[name="sort"]');
  const chosen = select?.selectedOptions[0];
  if (!chosen || chosen.defaultSelected) return;
  const url = new URL(window.location.href);
  url.searchParams.set('sort', chosen.value);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Watches the page shell's search box and "Sort by" select while the app's first render is under way, and hands
 * what the visitor did with them over to the app's own when its first commit replaces the shell: the words typed,
 * the focus and the caret, and an order chosen. The commit removes the focused box, which may fire its `blur`
 * then: a blur counts only when the box is still in the page once the task that fired it has run, so that the
 * removal itself does not count as the visitor leaving the box.
 */
function watchShell() {
  const typed = shellSearch();
  const sort = container.querySelector<HTMLSelectElement>('select[name="sort"]');
  const typedAtStart = typed?.value ?? '';
  const sortAtStart = sort?.value;
  let focused = typed !== null && document.activeElement === typed;
  const onFocus = () => (focused = true);
  const onBlur = () => queueMicrotask(() => typed?.isConnected && (focused = false));
  typed?.addEventListener('focus', onFocus);
  typed?.addEventListener('blur', onBlur);
  if (typedAtStart) store.dispatch(searchChanged(typedAtStart));
  let handedOver = false;
  return function handOver() {
    if (handedOver) return;
    handedOver = true;
    typed?.removeEventListener('focus', onFocus);
    typed?.removeEventListener('blur', onBlur);
    const search = shellSearch();
    if (typed && typed.value !== typedAtStart) {
      store.dispatch(searchChanged(typed.value));
      // The app's box reads the store through a subscription that its passive effects make, after this commit:
      // until then it would still show the words of the render, and a key typed meanwhile would replace the rest.
      if (search && search !== typed) search.value = typed.value;
    }
    if (focused && typed && search && search !== typed) {
      search.focus();
      search.setSelectionRange(typed.selectionStart, typed.selectionEnd, typed.selectionDirection ?? undefined);
    }
    // An order chosen meanwhile goes to the app's select as the visitor's own choice would (its change event).
    const appSort = container.querySelector<HTMLSelectElement>('select[name="sort"]');
    if (sort && appSort && appSort !== sort && sort.value !== sortAtStart && appSort.value !== sort.value) {
      appSort.value = sort.value;
      appSort.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}

/**
 * Runs `onCommit` once the first commit has put the app on screen (a layout effect: before the browser paints),
 * and `onSettled` after the effects of that commit (a passive effect of the root: after every page's own).
 */
function AfterFirstCommit({
  onCommit,
  onSettled,
  children,
}: {
  onCommit: () => void;
  onSettled: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(onCommit, [onCommit]);
  useEffect(onSettled, [onSettled]);
  return children;
}

const nothing = () => {};

function render() {
  carryShellSort();
  // The home page's search term in the address is in the box from the first render on (as in the page shell).
  const addressSearch = initialSearchOf(window.location.pathname, window.location.search);
  if (addressSearch) store.dispatch(searchChanged(addressSearch));
  const handOver = watchShell();
  // A category page's shell painted its first page of cards, a product page's its product: the first render shows
  // the same, from the data the server sent with them (shell/page-data.ts), put in right before it, so that nothing
  // drops it in between. A category's list is held until the page's list has subscribed to it.
  // That data is what a visitor sees (list prices): a logged-in buyer may have prices of their own
  // (docs/shop-rules.md#business-prices), so their app asks the API for the list instead.
  const pageData = storage.getToken() ? undefined : readPageData(document);
  const releasePageData = pageData ? seedPageData(store.dispatch, pageData) : nothing;
  // The first commit replaces the page shell the server may have sent in #root: no hydration, the same markup.
  // The render before it is a transition, so React renders in slices of a few milliseconds and the browser stays
  // free to scroll and take input in between; what the visitor does in the shell meanwhile is handed over.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AfterFirstCommit onCommit={handOver} onSettled={releasePageData}>
          <Provider store={store}>
            <App />
          </Provider>
        </AfterFirstCommit>
      </StrictMode>,
    ),
  );
}

/**
 * Runs the first render in a task of its own rather than right after the code's evaluation: each is a long task
 * on a phone, and the page shell is on screen meanwhile (docs/decisions/0016-storefront-weight.md).
 * What a visitor types or chooses in between stays in the shell's box and select, which the first commit hands over.
 */
const renderInNextTask = () => void setTimeout(render, 0);

// A page that came with a shell keeps it until its own code is in, rather than swapping it for a loading state
// (docs/decisions/0016-storefront-weight.md); should that code fail to load, the app's own error shows.
if (shellSearch()) void preloadPage(window.location.pathname).then(renderInNextTask, renderInNextTask);
else render();
