// The admin's GST report in a real browser (docs/shop-rules.md#gst-report): the demo admin opens GST report from
// the sidebar, the page opens on a month and shows the same counts and net figures as the API, another month is
// picked, and a GSTR-1 table downloads as a CSV file under its name with the GSTN headings. At 360 px nothing
// scrolls sideways; axe finds no serious or critical violation at either width. Any browser alert fails the test.
// With E2E_SHOTS_DIR set, screenshots of both widths are kept there.
import type { Browser, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, type GstReport } from '@pumpkart/shared';
import { ADMIN, api, loginApi, storeSession } from './support/api';
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

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS_DIR) {
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, `${name}.png`), fullPage: true });
  }
};

describe('GST report', () => {
  it('shows the month’s figures as the API answers them and downloads a GSTR-1 table', async () => {
    const admin = await loginApi(ADMIN);
    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    const errors = watchErrors(page);
    try {
      await storeSession(page, admin);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: 'GST report' }).click();
      await page.waitForURL('**/admin/gst-report');
      const monthInput = page.getByLabel('Month', { exact: true });
      const month = await monthInput.inputValue();
      expect(month).toMatch(/^\d{4}-\d{2}$/);
      const report = await api<GstReport>('GET', `/admin/gst-report?month=${month}`, undefined, admin.token);
      const totals = page.getByTestId('gst-totals');
      await totals.waitFor();
      await poll(() => totals.textContent()).toContain(formatAmount(report.net.totals.taxable));
      expect(await totals.textContent()).toContain(formatAmount(report.net.totals.tax));
      await shot(page, 'gst-report-desktop');
      await expectNoSeriousViolations(page, 'admin-gst-report');

      // The demo history's months: step back to one with invoices when this one has none.
      let shown = report;
      for (let i = 0; i < 6 && shown.invoices.count === 0; i += 1) {
        await page.getByRole('button', { name: 'Previous month' }).click();
        const picked = await monthInput.inputValue();
        shown = await api<GstReport>('GET', `/admin/gst-report?month=${picked}`, undefined, admin.token);
        await poll(() => page.url()).toContain(`month=${picked}`);
        await totals.waitFor();
      }
      const picked = await monthInput.inputValue();
      if (shown.invoices.count > 0) {
        const byRate = page.getByRole('region', { name: 'By GST rate, net of credit and debit notes table' });
        await poll(() => byRate.getByRole('row').count()).toBe(shown.net.byRate.length + 2);
      }

      const button = page.getByRole('button', { name: /B2C small \(7\)/ });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`GSTR1-b2cs-${picked}.csv`);
      const text = await readFile((await download.path())!, 'utf8');
      expect(text.split('\r\n')[0]).toBe(
        'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      );
      // Table 13: the documents issued, one of the files offered beside the others.
      const docsButton = page.getByRole('button', { name: /Documents issued \(13\)/ });
      const [docs] = await Promise.all([page.waitForEvent('download'), docsButton.click()]);
      expect(docs.suggestedFilename()).toBe(`GSTR1-docs-${picked}.csv`);
      const docsLines = (await readFile((await docs.path())!, 'utf8')).split('\r\n');
      expect(docsLines[0]).toBe('Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled');
      if (shown.invoices.count > 0) expect(docsLines[1]).toMatch(/^Invoices for outward supply,/);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('fits a 360 px phone: nothing scrolls sideways', async () => {
    const admin = await loginApi(ADMIN);
    const { context, page } = await newPage(browser, PHONE);
    try {
      await storeSession(page, admin);
      await page.goto('/admin/gst-report');
      await page.getByTestId('gst-totals').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await shot(page, 'gst-report-phone');
      await expectNoSeriousViolations(page, 'admin-gst-report');
    } finally {
      await context.close();
    }
  }, 120_000);
});
