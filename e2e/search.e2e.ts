// Searching in a real browser (docs/shop-rules.md#search): the navbar's search box suggests products and
// categories while typing (an ARIA combobox: ArrowDown and ArrowUp move aria-activedescendant, Enter opens the
// active product, Escape closes the list, Enter without an active option leaves the results of the search as
// typed), axe finds nothing serious with the list open, and a misspelt search shows the results for its
// corrected words with a button that searches the words as typed (exact=1). The same list fits a 360 px phone.
// With E2E_SHOTS set, screenshots of the open list and of the corrected results are kept there.
import { mkdirSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Suggestions } from '@pumpkart/shared';
import { api } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { poll, watchDialogs, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Words of the demo catalog: several fuel dispensers and the 'Fuel Dispensers' category, and the extinguishers. */
const TERM = 'dispenser';
const MISSPELT = 'dispnser';
const OTHER_TERM = 'extinguisher';

/** A screenshot of what the screen shows, named by its width, where E2E_SHOTS points (when it is set). */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png` });
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestionList = (page: Page) => page.getByRole('listbox', { name: MESSAGES.suggestionsLabel });
const activeDescendant = (page: Page) => searchBox(page).getAttribute('aria-activedescendant');

/** Every product list request's query (the results of a search), kept so that the test can read them. */
function listRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') seen.push(url.searchParams);
  });
  return seen;
}

/** Types a term into the search box and waits for its suggestions. */
async function typeAndAwaitSuggestions(page: Page, term: string) {
  await appOnScreen(page);
  await searchBox(page).pressSequentially(term, { delay: 30 });
  await suggestionList(page).waitFor();
  await poll(() => searchBox(page).getAttribute('aria-expanded')).toBe('true');
}

describe('search', () => {
  it('suggestions while typing: arrow keys, Escape, Enter on a product and Enter without one', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    const dialogs = watchDialogs(page);
    const requests = listRequests(page);
    try {
      const expected = await api<Suggestions>('GET', `/products/suggest?q=${TERM}`);
      expect(expected.products.length).toBeGreaterThan(1);
      expect(expected.categories).toContain('Fuel Dispensers');

      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await typeAndAwaitSuggestions(page, TERM);

      // The products (at most 8, as the server ranks them), then the matching categories. On a slow machine a pause
      // in the typing may show a shorter term's list first; the whole term's replaces it.
      const options = suggestionList(page).getByRole('option');
      expect(expected.products.length).toBeLessThanOrEqual(8);
      await poll(() => options.first().textContent()).toContain(expected.products[0]!.title);
      await poll(() => options.count()).toBe(expected.products.length + expected.categories.length);
      await poll(() => options.last().textContent()).toBe(MESSAGES.suggestedCategory(expected.categories.at(-1)!));
      expect(await activeDescendant(page)).toBeNull();
      await shot(page, 'suggestions');
      await expectNoSeriousViolations(page, 'search suggestions open');

      // ArrowDown and ArrowUp move the active option; focus stays in the box.
      const ids = await options.evaluateAll((all) => all.map((option) => option.id));
      expect(ids).toHaveLength(expected.products.length + expected.categories.length);
      await page.keyboard.press('ArrowDown');
      await poll(() => activeDescendant(page)).toBe(ids[0]);
      await page.keyboard.press('ArrowDown');
      await poll(() => activeDescendant(page)).toBe(ids[1]);
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
      await page.keyboard.press('ArrowUp');
      await poll(() => activeDescendant(page)).toBe(ids[0]);
      await page.keyboard.press('ArrowUp'); // wraps to the last option
      await poll(() => activeDescendant(page)).toBe(ids.at(-1));
      expect(await searchBox(page).evaluate((box) => box === document.activeElement)).toBe(true);

      // Escape closes the list and keeps the text.
      await page.keyboard.press('Escape');
      await suggestionList(page).waitFor({ state: 'hidden' });
      expect(await searchBox(page).getAttribute('aria-expanded')).toBe('false');
      expect(await activeDescendant(page)).toBeNull();
      expect(await searchBox(page).inputValue()).toBe(TERM);

      // ArrowDown opens it again on the first option; Enter opens that product.
      await page.keyboard.press('ArrowDown');
      await suggestionList(page).waitFor();
      await poll(() => activeDescendant(page)).toBe(ids[0]);
      const first = expected.products[0]!;
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/product/${first._id}`);
      const dialog = page.getByRole('dialog', { name: first.title });
      await dialog.waitFor();
      expect(await suggestionList(page).isHidden()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Enter without an active option closes the list and shows the results of the search as typed.
      await searchBox(page).fill('');
      await typeAndAwaitSuggestions(page, OTHER_TERM);
      await page.keyboard.press('Enter');
      await suggestionList(page).waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.pathname === '/');
      await poll(() => page.getByTestId('results-heading').textContent()).toMatch(
        new RegExp(`^\\d+ results? for '${OTHER_TERM}'$`),
      );
      await poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
      for (const card of await page.getByTestId('product-card').all()) {
        expect((await card.textContent())!.toLowerCase()).toContain(OTHER_TERM);
      }
      expect(requests.some((query) => query.get('search') === OTHER_TERM)).toBe(true);

      expect(errors).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a misspelt search shows the results for its corrected words, and can search the words as typed', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    const requests = listRequests(page);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Words typed into the page shell, before the app runs, are searched for but open no suggestions.
      await appOnScreen(page);
      await searchBox(page).pressSequentially(MISSPELT, { delay: 30 });
      const heading = page.getByTestId('results-heading');
      await poll(() => heading.textContent()).toBe(MESSAGES.showingResultsFor(TERM));
      // The dispensers (a description may match too: the cards show a part of it, so titles are checked).
      const titles = () => page.getByTestId('product-card').locator('h3').allTextContents();
      await poll(
        async () => (await titles()).filter((title) => title.toLowerCase().includes(TERM)).length,
      ).toBeGreaterThan(1);
      // The suggestions (for the corrected words too) are open, and Escape closes them; pressed before they arrive
      // (a busy machine), Escape would be the browser's own, which clears the box.
      await suggestionList(page).waitFor();
      await page.keyboard.press('Escape');
      await suggestionList(page).waitFor({ state: 'hidden' });
      await shot(page, 'showing-results-for');
      await expectNoSeriousViolations(page, 'corrected search results');

      // "Search instead for 'dispnser'" asks for the words exactly as typed, which find nothing.
      await page.getByRole('button', { name: MESSAGES.searchInsteadFor(MISSPELT) }).click();
      await poll(() => requests.some((query) => query.get('search') === MISSPELT && query.get('exact') === '1')).toBe(
        true,
      );
      await page.getByText(MESSAGES.noProductsMatch).waitFor();
      await poll(() => heading.textContent()).toBe(MESSAGES.resultsFor(0, MISSPELT));
      expect(await page.getByRole('button', { name: MESSAGES.searchInsteadFor(MISSPELT) }).count()).toBe(0);
      expect(await searchBox(page).inputValue()).toBe(MISSPELT);

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 360 px phone the suggestions and the corrected results fit the screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await typeAndAwaitSuggestions(page, TERM);
      const list = await suggestionList(page).boundingBox();
      expect(list!.x).toBeGreaterThanOrEqual(0);
      expect(list!.x + list!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'suggestions');
      await expectNoSeriousViolations(page, 'search suggestions open');

      await searchBox(page).fill('');
      await searchBox(page).pressSequentially(MISSPELT, { delay: 30 });
      await poll(() => page.getByTestId('results-heading').textContent()).toBe(MESSAGES.showingResultsFor(TERM));
      await page.keyboard.press('Escape');
      await suggestionList(page).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'showing-results-for');
    } finally {
      await context.close();
    }
  });
});

describe('a search on a category page', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`suggests and lists that category's products only, says so, and offers every product (${name})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const errors = watchErrors(page);
      const suggestions: Suggestions[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/products/suggest') {
          // A suggestion still in flight when the test closes its page has no body to read, and does not matter.
          response.json().then(
            (body) => suggestions.push(body as Suggestions),
            () => undefined,
          );
        }
      });
      try {
        await page.goto(`/category/${encodeURIComponent('Fire Safety')}`);
        await page.getByTestId('product-card').first().waitFor();
        await appOnScreen(page);
        await searchBox(page).pressSequentially('cooler', { delay: 20 });
        const empty = page.getByTestId('empty-state');
        await empty.waitFor();
        // The suggestions were asked for in this category, and offer none of the water coolers Enter would not list.
        await poll(() => suggestions.length).toBeGreaterThan(0);
        expect(suggestions.at(-1)!.products).toEqual([]);
        await searchBox(page).press('Enter');
        expect(await empty.textContent()).toContain(MESSAGES.noProductsMatch);
        await page.getByText('Searching in Fire Safety only.').waitFor();
        await shot(page, `category-search-empty-${name}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await empty.getByRole('link', { name: "Search all products for 'cooler'" }).click();
        await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === 'cooler');
        await poll(() => page.getByTestId('results-heading').textContent()).toMatch(/^[1-9]\d* results? for 'cooler'$/);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
