// The admin lists keep their state in the address (docs/shop-rules.md#admin-lists): on the orders and the products
// lists, a filter, a sort and page 2 are written to the address; a reload shows the same rows and controls; Back
// returns to the state before; and the copied address opened in another browser shows the same view.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, loginApi, placeOrder, registerBuyer, shortId, simpleProducts } from './support/api';
import { DESKTOP, launchBrowser, newPage } from './support/browser';
import { loginInBrowser, poll } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** An admin session in a fresh browser context, on `at`. */
async function adminPage(at: string) {
  const { context, page } = await newPage(browser, DESKTOP);
  await loginInBrowser(page, ADMIN, '**/admin/dashboard');
  await page.goto(at);
  return { context, page };
}

/** The text of one column (1 = the first) of each row of a titled table. */
const column = (page: Page, table: string, index: number) =>
  page.locator(`section[aria-label="${table}"] tbody tr td:nth-child(${index})`).allTextContents();
/** The order numbers of the COD table. */
const codRows = (page: Page) => column(page, 'COD Orders', 1);
/** The titles of the products table. */
const productRows = (page: Page) => column(page, 'Products on this page', 2);

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The titles the server lists on a page of the active products, cheapest first. */
async function expectedProducts(page: number): Promise<string[]> {
  const { token } = await loginApi(ADMIN);
  const rows = await api<{ title: string }[]>(
    'GET',
    `/products/admin/all?active=true&sort=price_asc&page=${page}&limit=20`,
    undefined,
    token,
  );
  return rows.map((row) => row.title);
}

describe('URL-held table state', () => {
  it('orders: a search, a status and a sort, then page 2 of the COD table, survive reload, Back and a shared link', async () => {
    // 25 cash-on-delivery orders of one new buyer: a search for the name finds two pages of COD orders.
    const name = `Tablestate ${Date.now().toString(36)}`;
    const buyer = await loginApi(await registerBuyer('table-state', name, '9812345670'));
    const products = await simpleProducts();
    const placed = [];
    for (let n = 0; n < 25; n++) placed.push(await placeOrder(buyer, products[n % products.length]!, 'cod'));
    const byTotal = [...placed].sort((a, b) => a.total - b.total || (a.createdAt < b.createdAt ? 1 : -1));

    const { context, page } = await adminPage('/admin/orders');
    try {
      const filters = page.getByRole('search', { name: 'Filter orders' });
      await filters.getByLabel('Search', { exact: true }).fill(name);
      await filters.getByRole('button', { name: 'Search', exact: true }).click();
      // Each control writes the address; the next one is used once the page shows it, as a person would.
      await poll(() => query(page).search).toBe(name);
      await filters.getByLabel('Status', { exact: true }).selectOption('pending');
      await poll(() => query(page).status).toBe('pending');
      await filters.getByLabel('Sort by').selectOption('total_asc');
      await poll(() => page.getByText('1–20 of 25 COD orders').isVisible()).toBe(true);
      const firstPage = byTotal.slice(0, 20).map((order) => shortId(order._id));
      await poll(async () => new Set(await codRows(page))).toEqual(new Set(firstPage));

      await page.getByRole('navigation', { name: 'Pages of COD orders' }).getByRole('button', { name: /Next/ }).click();
      await poll(() => page.getByText('21–25 of 25 COD orders').isVisible()).toBe(true);
      expect(query(page)).toEqual({ search: name, status: 'pending', sort: 'total_asc', codPage: '2' });
      // The five dearest of the 25, in the order the server gives.
      const expected = new Set(byTotal.slice(20).map((order) => shortId(order._id)));
      await poll(async () => new Set(await codRows(page))).toEqual(expected);
      const secondPage = await codRows(page);
      await page.screenshot({ path: '/tmp/shots-d/orders-page-2-desktop.png', fullPage: true });

      // A reload: the same rows and the same controls.
      await page.reload();
      await poll(() => codRows(page)).toEqual(secondPage);
      expect(await filters.getByLabel('Search', { exact: true }).inputValue()).toBe(name);
      expect(await filters.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
      expect(await filters.getByLabel('Sort by').inputValue()).toBe('total_asc');
      expect(await page.getByRole('navigation', { name: 'Pages of COD orders' }).textContent()).toContain(
        'Page 2 of 2',
      );

      // Back: page 1 of the same view.
      await page.goBack();
      await poll(() => page.getByText('1–20 of 25 COD orders').isVisible()).toBe(true);
      expect(query(page)).toEqual({ search: name, status: 'pending', sort: 'total_asc' });
      await poll(async () => new Set(await codRows(page))).toEqual(new Set(firstPage));

      // The copied address of page 2, opened in another browser.
      await page.goForward();
      const copied = page.url();
      const other = await adminPage(copied);
      try {
        await poll(() => codRows(other.page)).toEqual(secondPage);
        const otherFilters = other.page.getByRole('search', { name: 'Filter orders' });
        expect(await otherFilters.getByLabel('Sort by').inputValue()).toBe('total_asc');
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('products: a status, a sort, the table view and page 2 survive reload, Back and a shared link', async () => {
    const { context, page } = await adminPage('/admin/products');
    try {
      const filters = page.getByRole('search', { name: 'Filter products' });
      await filters.getByLabel('Status').selectOption('true');
      await poll(() => query(page).active).toBe('true');
      await filters.getByLabel('Sort by').selectOption('price_asc');
      await poll(() => query(page).sort).toBe('price_asc');
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
      const pager = page.getByRole('navigation', { name: 'Pages of products' });
      await poll(async () => (await pager.textContent()) ?? '').toMatch(/^1–20 of \d+ products/);
      const firstPage = await expectedProducts(1);
      await poll(() => productRows(page)).toEqual(firstPage);
      await pager.getByRole('button', { name: /Next/ }).click();
      await poll(async () => (await pager.textContent()) ?? '').toMatch(/^21–\d+ of \d+ products/);
      expect(query(page)).toEqual({ active: 'true', sort: 'price_asc', view: 'table', page: '2' });
      const secondPage = await expectedProducts(2);
      await poll(() => productRows(page)).toEqual(secondPage);
      await page.screenshot({ path: '/tmp/shots-d/products-page-2-desktop.png', fullPage: true });

      await page.reload();
      await poll(() => productRows(page)).toEqual(secondPage);
      expect(await filters.getByLabel('Status').inputValue()).toBe('true');
      expect(await filters.getByLabel('Sort by').inputValue()).toBe('price_asc');

      await page.goBack();
      await poll(async () => (await pager.textContent()) ?? '').toMatch(/^1–20 of/);
      expect(query(page)).toEqual({ active: 'true', sort: 'price_asc', view: 'table' });
      await poll(() => productRows(page)).toEqual(firstPage);

      await page.goForward();
      const other = await adminPage(page.url());
      try {
        await poll(() => productRows(other.page)).toEqual(secondPage);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
