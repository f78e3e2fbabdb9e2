// The owner's Due tasks page in a real browser, at desktop width and on a 360 px phone (docs/shop-rules.md#due-view):
// a fresh buyer's business registers an air gauge installed long ago at an outlet in a city of its own; the owner
// opens Due tasks from the sidebar, widens the window to 90 days, finds the city counted and the gauge's overdue
// calibration listed with the business, and downloads the CSV (its header, and the business's row with its dealer
// code and its admin to call). Axe finds nothing serious; nothing scrolls sideways; no page error. Screenshots go to
// /tmp/shots-due-tasks.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, loginApi, ORDER_ADDRESS, registerBuyer, storeSession } from './support/api';
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

const SHOTS = '/tmp/shots-due-tasks';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A fresh buyer's business with an outlet in `city` and an air gauge installed in 2001 (its calibration overdue). */
async function businessWithAnOverdueGauge(size: string, city: string) {
  const name = `Heron Fuels ${size} ${Date.now() % 1_000_000}`;
  const buyer = await loginApi(await registerBuyer(`due-${size}`, 'Kavita Joshi', '9123456703'));
  await api('POST', '/business', { legalName: name, gstin: null, billingAddress: ORDER_ADDRESS }, buyer.token);
  const { business } = await api<{ business: { outlets: { _id: string }[] } }>(
    'POST',
    '/business/outlets',
    { name: `${city} highway outlet`, address: { ...ORDER_ADDRESS, city }, brand: 'HPCL', dealerCode: 'HP-5521' },
    buyer.token,
  );
  await api(
    'POST',
    `/business/outlets/${business.outlets[0]!._id}/assets`,
    {
      make: 'Haenni',
      model: 'Tyre inflator gauge',
      serialNumber: `HG-${size}`,
      complianceCategory: 'air-gauge',
      installedOn: '2001-01-01',
    },
    buyer.token,
  );
  return { name, email: buyer.user.email };
}

const viewports = [
  ['desktop', DESKTOP, 'Nashik'],
  ['phone', PHONE, 'Nanded'],
] as const;

describe.each(viewports)('the Due tasks page (%s)', (size, viewport, city) => {
  it('counts the city, lists the overdue task with its business and exports the CSV', async () => {
    const business = await businessWithAnOverdueGauge(size, city);
    const admin = await loginApi(ADMIN);
    const { context, page } = await newPage(browser, viewport);
    const dialogs = watchDialogs(page);
    const errors = watchErrors(page);
    try {
      await storeSession(page, admin);
      if (size === 'desktop') {
        await page.goto('/admin/dashboard');
        await page.getByRole('link', { name: 'Due tasks' }).click();
        await page.waitForURL('**/admin/due-tasks');
      } else {
        await page.goto('/admin/due-tasks');
      }
      await page.getByRole('button', { name: '90 days' }).click();
      await poll(() => page.url()).toContain('days=90');
      const byCity = page.getByRole('region', { name: 'By city table' });
      await byCity.getByRole('row').filter({ hasText: city }).waitFor();
      const row = page
        .getByRole('region', { name: 'Tasks due table' })
        .getByRole('row')
        .filter({ hasText: `HG-${size}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(business.name);
      expect(await row.textContent()).toContain('Overdue');
      await page.getByRole('region', { name: 'AMC visits due table' }).waitFor();
      await shot(page, `due-tasks-${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `admin-due-tasks-${size}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^due-tasks-90-days-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await readFile((await download.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Due on,Overdue,Task,Business,GSTIN,Outlet,Dealer code,City,State,Contact,Phone,E-mail,Make,Model,Serial number,Last done',
      );
      const ours = lines.find((line) => line.includes(`HG-${size}`));
      expect(ours).toContain(`${business.name},,${city} highway outlet,HP-5521,${city},`);
      expect(ours).toContain(`Kavita Joshi,9123456703,${business.email}`);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
