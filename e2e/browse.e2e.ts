// A visitor browsing in a real browser: the home page with its ad
// slider and category sections, a debounced search, filters that apply only on Apply Filters, a
// product's modal, a category page and back; then the same home page on a 360 px phone, which must
// not scroll sideways.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { applyFilters, poll, watchErrors } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Every request the page makes for products (the home view, and the flat list of search results and
 * filtered home), kept so the test can count them.
 */
function homeRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') seen.push(url);
  });
  return seen;
}

const sections = (page: Page) => page.getByTestId('category-section');
/** The category names of the home page's sections, in order (each section's first heading). */
const sectionTitles = (page: Page) =>
  sections(page).evaluateAll((all) => all.map((section) => section.querySelector('h3')?.textContent ?? ''));

/** The slider's pagination: one "Go to slide N" button per banner. */
const bullets = (page: Page) => page.getByTestId('ad-slider').getByRole('button', { name: /^Go to slide \d$/ });
/** Which slide is showing: the index of the pagination bullet marked current. */
const activeBullet = (page: Page) =>
  bullets(page).evaluateAll((all) => all.findIndex((b) => b.getAttribute('aria-current') === 'true'));

describe('browsing the shop', () => {
  it('home, slider, search, filters, product modal, category page and back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    const requests = homeRequests(page);
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'One Stop Solution For Your Petrol Pump',
      );

      // The ad slider: 4 partner banners opening in a new tab, clickable pagination, autoplay.
      const slider = page.getByTestId('ad-slider');
      await slider.waitFor();
      const links = slider.locator('a[href^="https://"]');
      const hrefs = new Set(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))));
      expect(hrefs.size).toBe(4);
      for (const link of await links.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      await expect(bullets(page).count()).resolves.toBe(4);
      await bullets(page).nth(2).click();
      await poll(() => activeBullet(page)).toBe(2);
      await page.mouse.move(5, DESKTOP.height - 5); // autoplay pauses while the pointer rests on the slider
      await poll(() => activeBullet(page)).toBe(3); // autoplay moves on by itself (every 4 s)

      // Products grouped by category, at most 4 each; View All only beyond 4.
      await sections(page).first().waitFor();
      const categories = await sectionTitles(page);
      expect(categories.length).toBeGreaterThan(1);
      for (const section of await sections(page).all()) {
        expect(await section.getByTestId('product-card').count()).toBeLessThanOrEqual(4);
      }
      const airMachines = page.getByRole('region', { name: 'Air Machines' });
      await expect(airMachines.getByRole('link', { name: 'View All' }).count()).resolves.toBe(1);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((url) => url.searchParams.get('view') === 'home')).toBe(true);

      // Search: typing a word sends one request once typing pauses, and every card matches it.
      const search = page.getByPlaceholder('Search products...');
      const before = requests.length;
      await search.pressSequentially('extinguisher', { delay: 30 });
      await poll(() => requests.some((url) => url.searchParams.get('search') === 'extinguisher')).toBe(true);
      await page.waitForTimeout(500);
      const searched = requests.slice(before).filter((url) => url.searchParams.has('search'));
      expect(searched.length).toBeLessThanOrEqual(2);
      // The results come first, as one list (docs/shop-rules.md#filters).
      await poll(() => page.getByTestId('results-heading').textContent()).toMatch(/results? for 'extinguisher'$/);
      await poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
      for (const card of await page.getByTestId('product-card').all()) {
        expect((await card.textContent())!.toLowerCase()).toContain('extinguisher');
      }
      await search.fill('zzz-no-such-product');
      await page.getByText(MESSAGES.noProductsMatch).waitFor();
      await search.fill('');
      await poll(() => sectionTitles(page)).toEqual(categories);

      // Filters change nothing until Apply Filters; an overlay click closes without applying.
      await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = page.getByRole('dialog', { name: 'Filters' });
      await panel.getByLabel('Category').selectOption({ label: 'Fire Safety' });
      await page.mouse.click(DESKTOP.width - 20, DESKTOP.height / 2); // the overlay beside the panel
      await panel.waitFor({ state: 'detached' });
      expect(await sectionTitles(page)).toEqual(categories);

      await applyFilters(page, { Category: 'Fuel Dispensers', Availability: 'In Stock' });
      await page.getByRole('button', { name: 'Remove filter Category: Fuel Dispensers' }).waitFor();
      await poll(() => page.getByTestId('results-heading').textContent()).toMatch(/^\d+ products?$/);
      const inStock = page.getByTestId('product-card');
      for (const card of await inStock.all()) {
        expect(await card.getAttribute('data-unavailable')).toBeNull();
      }
      const lastQuery = requests.at(-1)!.searchParams;
      expect(lastQuery.get('category')).toBe('Fuel Dispensers');
      expect(lastQuery.get('availability')).toBe('In Stock');

      await applyFilters(page, { Category: '', Availability: '', 'Price Range': '1000+' });
      await poll(() => requests.at(-1)!.searchParams.get('priceRange')).toBe('1000+');
      for (const price of await page.getByTestId('product-card').locator('.tabular-nums').allTextContents()) {
        expect(Number(price.replace(/[^\d.]/g, ''))).toBeGreaterThan(1000);
      }
      await applyFilters(page, { 'Price Range': '' });
      await poll(() => sectionTitles(page)).toEqual(categories);

      // A product's modal: opens on click, shows prices and the add button, Escape closes it.
      const firstCard = page.getByTestId('product-card').first();
      const title = (await firstCard.locator('h3').textContent())!;
      const opener = firstCard.getByRole('link', { name: title, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await dialog.locator('s').textContent()).toMatch(/₹[\d,]+\/-/);
      await expect(dialog.getByRole('button', { name: MESSAGES.addLoginToBuy }).count()).resolves.toBe(1);
      // 'Login to Buy' is a way to the login page and back (e2e/product.e2e.ts follows it).
      expect(await dialog.getByRole('button', { name: MESSAGES.addLoginToBuy }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

      // A category page, one page of products from the server, and Back.
      await airMachines.getByRole('link', { name: 'View All' }).click();
      await page.waitForURL('**/category/Air%20Machines');
      await page.getByRole('heading', { level: 1, name: 'Air Machines' }).waitFor();
      await poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(4);
      await page.getByRole('button', { name: /Back/ }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await sections(page).first().waitFor();

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the home page fits a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/');
      await page.getByTestId('ad-slider').waitFor();
      await sections(page).first().waitFor();
      const slider = await page.getByTestId('ad-slider').boundingBox();
      expect(slider!.width).toBeLessThanOrEqual(PHONE.width);
      expect(slider!.height).toBeGreaterThan(100);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(PHONE.width);
      expect(widths.body).toBeLessThanOrEqual(PHONE.width);

      // Two cards to a row, and the filter panel fits the screen too.
      const boxes = await page
        .getByTestId('product-card')
        .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes[0]!.top).toBe(boxes[1]!.top);
      expect(boxes[1]!.right).toBeLessThanOrEqual(PHONE.width);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = await page.getByRole('dialog', { name: 'Filters' }).boundingBox();
      expect(panel!.width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await context.close();
    }
  });
});
