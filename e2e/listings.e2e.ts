// Search and category listings a buyer can work with (docs/shop-rules.md#filters, #search), at desktop
// width and on a 360 px phone: a navbar search puts "N results for 'term'" first, above the partner
// offers; a filter shows as a chip whose removal removes the filter; Clear all clears everything;
// sorting by price orders the shown cards; the category page has breadcrumbs and keeps ?sort after a
// reload. Nothing scrolls sideways on the phone. Screenshots go to /tmp/shots-c/ (SHOTS_DIR).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { applyFilters, poll, watchErrors } from './support/page';

let browser: Browser;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-c';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** The flat list requests (not the home view) the page makes, to read what it asked for. */
function listRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products' && !url.searchParams.has('view')) seen.push(url);
  });
  return seen;
}

/** The rupee prices on the shown cards, in order (not the struck-through MRP or original price beside them). */
const cardPrices = (page: Page) =>
  page
    .getByTestId('product-card')
    .locator('.tabular-nums:not(s)')
    .allTextContents()
    .then((texts) => texts.map((text) => Number(text.replace(/[^\d.]/g, ''))));

const isSorted = (values: number[], direction: 1 | -1) =>
  values.every((value, index) => index === 0 || (value - values[index - 1]!) * direction >= 0);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function journey(viewport: typeof DESKTOP, name: string) {
  const { context, page } = await newPage(browser, viewport);
  const errors = watchErrors(page);
  const requests = listRequests(page);
  const shot = (what: string) => page.screenshot({ path: path.join(SHOTS, `${name}-${what}.png`), fullPage: false });
  try {
    await page.goto('/');
    await page.getByTestId('category-section').first().waitFor();
    await appOnScreen(page);
    expect(await page.getByTestId('results-heading').count()).toBe(0);

    // A navbar search: the results heading is the first thing under the page heading, above the banner.
    await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('water', { delay: 20 });
    const heading = page.getByTestId('results-heading');
    await poll(() => heading.textContent()).toMatch(/^\d+ results? for 'water'$/);
    const total = Number((await heading.textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(1);
    await poll(() => page.getByTestId('product-card').count()).toBe(Math.min(total, 24));
    expect(await page.getByRole('heading', { level: 2, name: 'Shop by category' }).count()).toBe(0);
    const h1 = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const headingBox = (await heading.boundingBox())!;
    const banner = (await page.getByRole('region', { name: 'Partner offers' }).boundingBox())!;
    const firstCard = (await page.getByTestId('product-card').first().boundingBox())!;
    expect(headingBox.y).toBeGreaterThan(h1.y);
    expect(headingBox.y).toBeLessThan(banner.y);
    expect(headingBox.y).toBeLessThan(firstCard.y);
    expect(firstCard.y).toBeLessThan(banner.y);
    expect(headingBox.y + headingBox.height).toBeLessThanOrEqual(viewport.height);
    await page.getByRole('button', { name: 'Remove filter Search: water' }).waitFor();
    expect(requests.at(-1)!.searchParams.get('sort')).toBe('relevance');
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(viewport.width);
    await shot('search-results');

    // Sort by price, low to high: the shown cards' prices never go down.
    const sortBy = page.getByLabel('Sort by');
    expect(await sortBy.locator('option').allTextContents()).toEqual([
      'Relevance',
      'Price: low to high',
      'Price: high to low',
      'Newest',
    ]);
    await sortBy.selectOption({ label: 'Price: low to high' });
    await poll(() => requests.at(-1)!.searchParams.get('sort')).toBe('price_asc');
    await poll(async () => {
      const prices = await cardPrices(page);
      return prices.length === Math.min(total, 24) && isSorted(prices, 1);
    }).toBe(true);
    await sortBy.selectOption({ label: 'Price: high to low' });
    await poll(async () => {
      const prices = await cardPrices(page);
      return prices.length === Math.min(total, 24) && isSorted(prices, -1);
    }).toBe(true);

    // A filter shows as a chip; removing the chip removes the filter.
    await applyFilters(page, { Category: 'Water Coolers' }, { awaitOptions: true });
    const categoryChip = page.getByRole('button', { name: 'Remove filter Category: Water Coolers' });
    await categoryChip.waitFor();
    await poll(() => requests.at(-1)!.searchParams.get('category')).toBe('Water Coolers');
    expect(requests.at(-1)!.searchParams.get('search')).toBe('water');
    await poll(() => heading.textContent()).toMatch(/^\d+ results? for 'water'$/);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(viewport.width);
    await shot('filtered');

    await page.getByRole('button', { name: 'Remove filter Search: water' }).click();
    await poll(() => heading.textContent()).toMatch(/^\d+ products?$/);
    expect(await page.getByRole('combobox', { name: 'Search products' }).inputValue()).toBe('');
    expect(requests.at(-1)!.searchParams.has('search')).toBe(false);
    expect(requests.at(-1)!.searchParams.get('category')).toBe('Water Coolers');
    // Without a search there is no Relevance; the chosen price order stays.
    expect(await sortBy.locator('option').allTextContents()).not.toContain('Relevance');

    await categoryChip.click();
    await categoryChip.waitFor({ state: 'detached' });
    await page.getByTestId('category-section').first().waitFor();
    expect(await heading.count()).toBe(0);
    await poll(() => page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);

    // Clear all: the search and every filter go, and the grouped home comes back.
    await page.getByRole('combobox', { name: 'Search products' }).fill('extinguisher');
    await applyFilters(page, { Availability: 'In Stock' }, { awaitOptions: true });
    await page.getByRole('button', { name: 'Remove filter In Stock' }).waitFor();
    await poll(() => heading.textContent()).toMatch(/^\d+ results? for 'extinguisher'$/);
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await page.getByTestId('category-section').first().waitFor();
    expect(await heading.count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Search products' }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);

    // The category page: breadcrumbs, the count in the heading, and a sort that survives a reload.
    await page.goto('/category/Air%20Machines');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await trail.waitFor();
    expect(await trail.locator('[aria-current="page"]').textContent()).toBe('Air Machines');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Air Machines \(\d+ products\)$/);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await poll(async () => isSorted(await cardPrices(page), 1) && (await cardPrices(page)).length > 1).toBe(true);
    const sortedTitles = await page.getByTestId('product-card').locator('h3').allTextContents();
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await poll(() => page.getByTestId('product-card').locator('h3').allTextContents()).toEqual(sortedTitles);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(viewport.width);
    await shot('category');
    await trail.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('category-section').first().waitFor();

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('listings a buyer can work with', () => {
  it('search results first, chips, Clear all, sort, and the category page (desktop)', async () => {
    await journey(DESKTOP, 'desktop');
  });

  it('the same on a 360 px phone, without sideways scrolling', async () => {
    await journey(PHONE, 'phone');
  });
});

describe("the home page's list in its address", () => {
  /** The home page shows the search for 'dispenser' from ₹1,000 to ₹3,00,000, dearest first. */
  async function expectTheList(page: Page) {
    await poll(() => page.getByTestId('results-heading').textContent()).toMatch(/^\d+ results? for 'dispenser'$/);
    expect(await page.getByRole('combobox', { name: 'Search products' }).inputValue()).toBe('dispenser');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_desc');
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['Search: dispenser×', 'Price: ₹1,000–3,00,000×']);
    expect(await page.getByRole('button', { name: 'Filters 1 applied' }).textContent()).toBe('Filters 1 applied');
    await page.waitForLoadState('networkidle');
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price >= 1000 && price <= 300000)).toBe(true);
    expect(isSorted(prices, -1)).toBe(true);
  }

  it('keeps the search, a minimum and maximum price and the order through a reload, Back and a shared link', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    try {
      await page.goto('/');
      await page.getByTestId('category-section').first().waitFor();
      // Typing into the page shell before the app runs is first-paint.e2e.ts's journey; this one starts in the app.
      await appOnScreen(page);
      await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('dispenser', { delay: 20 });
      await page.waitForURL((url) => url.searchParams.get('q') === 'dispenser');
      await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = page.getByRole('dialog', { name: 'Filters' });
      await panel.getByLabel('Minimum').fill('3,00,000');
      await panel.getByLabel('Maximum').fill('1000');
      await panel.getByRole('button', { name: 'Apply Filters' }).click();
      // A minimum above the maximum is refused, with the reason, and nothing applied.
      await panel.getByText('The maximum price must not be below the minimum.').waitFor();
      await panel.getByLabel('Minimum').fill('1000');
      await panel.getByLabel('Maximum').fill('300000');
      await page.screenshot({ path: path.join(SHOTS, 'home-filter-panel-desktop.png') });
      await panel.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('minPrice') === '1000');
      await page.getByLabel('Sort by').selectOption('price_desc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
      expect(new URL(page.url()).search).toBe('?q=dispenser&minPrice=1000&maxPrice=300000&sort=price_desc');
      await expectTheList(page);
      await page.screenshot({ path: path.join(SHOTS, 'home-filters-desktop.png') });

      await page.reload();
      await expectTheList(page);

      await page.getByRole('link', { name: 'Cart' }).click();
      await page.waitForURL((url) => url.pathname !== '/');
      await page.goBack();
      await expectTheList(page);

      const shared = await newPage(browser, PHONE);
      try {
        await shared.page.goto(page.url());
        await expectTheList(shared.page);
        await shared.page.screenshot({ path: path.join(SHOTS, 'home-filters-phone.png') });
        expect(await noSidewaysScroll(shared.page)).toBeLessThanOrEqual(PHONE.width);
      } finally {
        await shared.context.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints the first screen of an address with a search before the app runs, as the app then shows it', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    try {
      await page.goto('/?q=dispenser&minPrice=1000&sort=price_desc');
      expect(await page.getByRole('combobox', { name: 'Search products' }).inputValue()).toBe('dispenser');
      expect(await page.getByTestId('results-heading').textContent()).toBe("Searching for 'dispenser'...");
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price_desc');
      expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('button').allTextContents()).toEqual([
        'Search: dispenser×',
        'Price: ₹1,000 or more×',
      ]);
    } finally {
      await context.close();
    }
  });
});
