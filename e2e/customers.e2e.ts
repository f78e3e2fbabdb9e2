// The owner's Customers page in a real browser, at desktop width and on a 360 px phone
// (docs/shop-rules.md#customers-page): a fresh buyer creates a registered business with an outlet and pays for an
// order; the owner opens Customers from the sidebar, finds the business by its GSTIN and by its name, sorts by what
// was spent (the first row is the API's), opens the business's detail (price list, open quotes, outlet, the order),
// and downloads the CSV of the list (its header, and the business's row). Axe finds nothing serious on the list or
// the detail; nothing scrolls sideways; no page error. Screenshots go to /tmp/shots-customers.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAmount,
  orderTotals,
  toPaise,
  toRupees,
  type CustomerListResponse,
  type OrderDto,
} from '@pumpkart/shared';
import {
  ADMIN,
  api,
  loginApi,
  ORDER_ADDRESS,
  payOnline,
  registerBuyer,
  simpleProducts,
  storeSession,
} from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { poll, watchDialogs, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-customers';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A made-up registered business (a valid GSTIN) of a fresh buyer, with an outlet and one paid order. */
async function businessWithAnOrder(size: string) {
  const name = `Kestrel Fuels ${size} ${Date.now() % 1_000_000}`;
  const buyer = await loginApi(await registerBuyer(`cust-${size}`, 'Nitin Kulkarni', '9123456702'));
  await api(
    'POST',
    '/business',
    { legalName: name, gstin: '27AAPFU0939F1ZV', billingAddress: ORDER_ADDRESS },
    buyer.token,
  );
  const { business } = await api<{ business: { outlets: { _id: string }[] } }>(
    'POST',
    '/business/outlets',
    { name: 'Highway 48 outlet', address: ORDER_ADDRESS, brand: 'IOCL', dealerCode: 'IOC-4821' },
    buyer.token,
  );
  // A business's people order to one of its outlets (docs/shop-rules.md#business-accounts).
  const [product] = await simpleProducts();
  const totals = orderTotals([{ unitPricePaise: toPaise(product!.price), quantity: 1 }]);
  const { order } = await api<{ order: OrderDto }>(
    'POST',
    '/orders',
    {
      customer: { name: buyer.user.name, email: buyer.user.email, phone: '9123456702' },
      address: ORDER_ADDRESS,
      items: [{ product: product!._id, variantId: null, title: product!.title, price: product!.price, quantity: 1 }],
      shipping: toRupees(totals.shippingPaise),
      total: toRupees(totals.totalPaise),
      paymentMode: 'online',
      outletId: business.outlets[0]!._id,
    },
    buyer.token,
  );
  await payOnline(buyer, order);
  return { name, total: order.total };
}

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('the Customers page (%s)', (size, viewport) => {
  it('finds a business by GSTIN and name, sorts by spent, shows its detail and exports the CSV', async () => {
    const business = await businessWithAnOrder(size);
    const admin = await loginApi(ADMIN);
    const { context, page } = await newPage(browser, viewport);
    const dialogs = watchDialogs(page);
    const errors = watchErrors(page);
    try {
      await storeSession(page, admin);
      if (size === 'desktop') {
        await page.goto('/admin/dashboard');
        await page.getByRole('link', { name: 'Customers' }).click();
        await page.waitForURL('**/admin/customers');
      } else {
        await page.goto('/admin/customers');
      }
      const table = page.getByRole('region', { name: 'Customers table' });
      await table.waitFor();
      const search = page.getByRole('searchbox', { name: 'Search' });

      // By GSTIN, any case: the business's row, with its figures.
      await search.fill('27aapfu0939f1zv');
      await search.press('Enter');
      await poll(() => page.url()).toContain('search=27aapfu0939f1zv');
      const row = table.getByRole('row').filter({ hasText: business.name });
      await row.waitFor();
      expect(await row.textContent()).toContain('27AAPFU0939F1ZV');
      expect(await row.textContent()).toContain('List prices');
      expect(await row.textContent()).toContain(formatAmount(business.total));

      // By name: the one business.
      await search.fill(business.name);
      await search.press('Enter');
      await poll(() => table.getByRole('row').count()).toBe(2);
      await row.waitFor();
      await shot(page, `customers-list-${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `admin-customers-${size}`);

      // Sorted by what was spent: the first row is the API's first.
      await search.fill('');
      await search.press('Enter');
      await page.getByLabel('Sort').selectOption({ label: 'Spent, most first' });
      await poll(() => page.url()).toContain('sort=spent_desc');
      const top = await api<CustomerListResponse>(
        'GET',
        '/admin/customers?sort=spent_desc&limit=1',
        undefined,
        admin.token,
      );
      await poll(() => table.getByRole('row').nth(1).textContent()).toContain(top.data[0]!.name);
      expect(await table.getByRole('row').nth(1).textContent()).toContain(formatAmount(top.data[0]!.spent));

      // The detail of the business.
      await search.fill(business.name);
      await search.press('Enter');
      await row.waitFor();
      await row.getByRole('button', { name: `View ${business.name}` }).click();
      const detail = page.getByRole('dialog', { name: business.name });
      await detail.getByText('Highway 48 outlet').waitFor();
      expect(await detail.textContent()).toContain('List prices');
      expect(await detail.textContent()).toContain('Nitin Kulkarni');
      expect(await detail.getByText('Recent orders').count()).toBe(1);
      await shot(page, `customers-detail-${size}`);
      await expectNoSeriousViolations(page, `admin-customer-detail-${size}`);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      // The CSV of the list as it is filtered.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await readFile((await download.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Kind,Id,Name,E-mail,Phone,GSTIN,Price list,Outlets,People,Open quotes,Orders,Spent (₹),Owes (₹),Last order,Customer since',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^business,[0-9a-f-]{36},${business.name},,,27AAPFU0939F1ZV,,1,1,0,1,`));
      expect(lines[1]).toContain(`,${business.total.toFixed(2)},0.00,`);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
