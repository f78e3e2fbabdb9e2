// The products CSV import in a real browser (docs/shop-rules.md#products-csv): the admin chooses a file of 300 rows
// (300 new products of two sizes each, plus one row that is refused); the dialog shows the dry run's summary and
// its report row by row; "Apply 300 changes" shows a progress bar that advances, batch by batch, to 601 of 601
// rows, then the
// result; the new products are in the list. Nothing is written by the dry run.
import type { Browser } from 'playwright-core';
import { PRODUCT_CSV_COLUMNS } from '@pumpkart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, loginApi, storeSession } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { poll } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const COLUMNS = PRODUCT_CSV_COLUMNS;

/** A file of `products` new products with sizes S and L in `category`, and one row refused for its price. */
function importFile(stamp: string, category: string, products: number): string {
  const line = (cells: Record<string, string>) => COLUMNS.map((column) => cells[column] ?? '').join(',');
  const rows = [COLUMNS.join(',')];
  for (let n = 1; n <= products; n++) {
    for (const [size, price] of [
      ['S', '120.00'],
      ['L', '180.50'],
    ] as const) {
      rows.push(
        line({
          title: `Import ${stamp} ${String(n).padStart(3, '0')}`,
          category,
          brand: 'ImportCo',
          // Inactive, so that the shop's storefront pages (other journeys pick their products there) stay as they were.
          active: 'false',
          hsn_code: '8413',
          gst_rate: '18',
          variant_size: size,
          variant_price: price,
          variant_stock: '4',
        }),
      );
    }
  }
  rows.push(line({ title: `Import ${stamp} broken`, category, price: 'twelve', active: 'true' }));
  return rows.join('\r\n') + '\r\n';
}

describe('products CSV import', () => {
  it('checks a file, shows the dry run, applies it with a progress bar, and lists the new products', async () => {
    const stamp = Date.now().toString(36);
    const [category] = await api<string[]>('GET', '/products/categories/list');
    const csv = importFile(stamp, category!, 300);

    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await storeSession(page, await loginApi(ADMIN), '/');
      await page.goto('/admin/products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: `import-${stamp}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });

      const summary = dialog.getByTestId('import-summary');
      await poll(() => summary.textContent()).toBe(
        '301 products in 601 rows: 300 to create, 0 to update, 0 unchanged, 1 refused.',
      );
      const refusedRow = dialog.getByRole('row', { name: /^602 Refused/ });
      expect(await refusedRow.textContent()).toContain('Price must be a number.');
      await expectNoSeriousViolations(page, 'products import dry run');
      await page.screenshot({ path: '/tmp/shots-a/import-dry-run-desktop.png' });
      // The dry run wrote nothing.
      const search = `Import ${stamp}`;
      const { token } = await loginApi(ADMIN);
      const found = async () =>
        (
          await api<unknown[]>(
            'GET',
            `/products/admin/all?search=${encodeURIComponent(search)}&limit=100`,
            undefined,
            token,
          )
        ).length;
      expect(await found()).toBe(0);

      // Every value the progress bar takes, as it takes it.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('[role="progressbar"]');
          const now = bar?.getAttribute('aria-valuenow');
          if (now !== null && now !== undefined && seen.at(-1) !== now) seen.push(now);
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      // A copy of the apply's answer as the page reads it (a streamed body is not kept for the test otherwise).
      await page.evaluate(() => {
        const original = window.fetch;
        window.fetch = async (...args: Parameters<typeof fetch>) => {
          const response = await original(...args);
          if (!String(args[0]).endsWith('/import/apply') || !response.body) return response;
          const [forPage, forTest] = response.body.tee();
          void new Response(forTest).text().then((text) => ((window as unknown as { applied: string }).applied = text));
          return new Response(forPage, { status: response.status, headers: response.headers });
        };
      });
      await dialog.getByRole('button', { name: 'Apply 300 changes' }).click();
      await poll(() => dialog.getByText('Import finished.').isVisible()).toBe(true);
      // The server streamed a progress line after every 100 products (the browser may draw several at once).
      const applied = await page.evaluate(() => (window as unknown as { applied: string }).applied);
      const streamed = applied
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; done?: number });
      expect(streamed.filter((line) => line.type === 'progress').map((line) => line.done)).toEqual([
        0, 200, 400, 600, 601,
      ]);
      const seen = (await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).map(
        Number,
      );
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen[0]).toBe(0);
      expect(seen.at(-1)).toBe(601);
      expect(await dialog.getByText('Imported 601 of 601 rows').isVisible()).toBe(true);
      expect(await summary.textContent()).toBe(
        '301 products in 601 rows: 300 created, 0 updated, 0 unchanged, 1 refused.',
      );
      await page.screenshot({ path: '/tmp/shots-a/import-done-desktop.png' });
      await dialog.getByRole('button', { name: 'Done' }).click();

      // The new products are in the admin list.
      await page.goto(`/admin/products?search=${encodeURIComponent(search)}&view=table&sort=title`);
      await poll(() => page.getByText(`Import ${stamp} 001`).first().isVisible()).toBe(true);
      expect(await found()).toBe(100);
    } finally {
      await context.close();
    }
  });

  it('reads a Windows-1252 file (Excel\'s plain "CSV") with its accents, and says which encoding it read', async () => {
    const stamp = `w${Date.now().toString(36)}`;
    const [category] = await api<string[]>('GET', '/products/categories/list');
    const line = (cells: Record<string, string>) => COLUMNS.map((column) => cells[column] ?? '').join(',');
    const text = [
      COLUMNS.join(','),
      line({ title: `Café ${stamp}`, category: category!, price: '10.00', active: 'false' }),
    ].join('\r\n');
    // Windows-1252 bytes: every character of this text is one byte, é is E9.
    const bytes = Buffer.from(text, 'latin1');
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await storeSession(page, await loginApi(ADMIN), '/');
      await page.goto('/admin/products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: bytes });
      await poll(() => dialog.getByTestId('import-encoding').textContent()).toMatch(
        /^Read as Windows-1252 \(Latin-1\)\./,
      );
      expect(await dialog.getByRole('row', { name: new RegExp(`^2 Create Café ${stamp}`) }).count()).toBe(1);
      await page.screenshot({ path: '/tmp/shots-a/import-windows-1252-desktop.png' });
    } finally {
      await context.close();
    }
  });

  it('on a phone, the dialog and its report fit the screen', async () => {
    const stamp = `p${Date.now().toString(36)}`;
    const [category] = await api<string[]>('GET', '/products/categories/list');
    const { context, page } = await newPage(browser, PHONE);
    try {
      await storeSession(page, await loginApi(ADMIN), '/');
      await page.goto('/admin/products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'phone.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(importFile(stamp, category!, 3)),
      });
      await poll(() => dialog.getByTestId('import-summary').isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: '/tmp/shots-a/import-dry-run-phone.png' });
    } finally {
      await context.close();
    }
  });
});
