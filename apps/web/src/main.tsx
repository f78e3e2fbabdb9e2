import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Provider } from 'react-redux';
import { App, preloadPage } from './App';
import { readPageData, seedCategoryPage } from './shell/page-data';
import { createStore } from './store';
import { searchChanged } from './store/filters-slice';
import './index.css';

const store = createStore();
const container = document.getElementById('root')!;

/** The page shell's search box (shell/page-shells.tsx), which a visitor may type in before the app starts. */
const shellSearch = () => container.querySelector<HTMLInputElement>('input#navbar-search');

/**
 * An order the visitor chose in the page shell's "Sort by" select (components/sort-select.tsx) before the app
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

function render() {
  carryShellSort();
  // What was typed into the shell's search box carries over to the app's, with the focus and the caret.
  const typed = shellSearch();
  const focused = typed !== null && document.activeElement === typed;
  if (typed?.value) store.dispatch(searchChanged(typed.value));
  // A category page's shell painted its first page of cards: the first render shows the same ones, from the data
  // the server sent with them (shell/page-data.ts), right before it, so that nothing drops it in between.
  const pageData = readPageData(document);
  if (pageData) seedCategoryPage(store.dispatch, pageData);
  // The first commit replaces the page shell the server may have sent in #root: no hydration, the same markup.
  // It is synchronous, so that nothing typed between reading the shell's box and replacing it is lost.
  flushSync(() =>
    createRoot(container).render(
      <StrictMode>
        <Provider store={store}>
          <App />
        </Provider>
      </StrictMode>,
    ),
  );
  const search = shellSearch();
  if (focused && typed && search) {
    search.focus();
    search.setSelectionRange(typed.selectionStart, typed.selectionEnd, typed.selectionDirection ?? undefined);
  }
}

/**
 * Runs the first render in a task of its own rather than right after the code's evaluation: each is a long task
 * on a phone, and the page shell is on screen meanwhile (docs/decisions/0016-storefront-weight.md, fourth part).
 * What a visitor types or chooses in between stays in the shell's box and select, which the render reads.
 */
const renderInNextTask = () => void setTimeout(render, 0);

// A page that came with a shell keeps it until its own code is in, rather than swapping it for a loading state
// (docs/decisions/0016-storefront-weight.md); should that code fail to load, the app's own error shows.
if (shellSearch()) void preloadPage(window.location.pathname).then(renderInNextTask, renderInNextTask);
else render();
