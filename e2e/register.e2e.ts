// An outlet's register in a real browser, at desktop width and on a 360 px phone (docs/shop-rules.md#assets): a
// business with two outlets and equipment bought elsewhere (one task recorded with its certificate) is seeded through
// the API; its admin opens the register from the business page, sees the overdue tasks naming their assets and the
// certificate, marks one done with a note, and gets the calendar feed's address. Axe finds nothing serious; nothing
// scrolls sideways; no page error.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginApi, ORDER_ADDRESS, registerBuyer } from './support/api';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { loginInBrowser, poll, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-register';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

interface Outlet {
  _id: string;
  name: string;
}

/** A business with two outlets, the first with its licence and three pieces of equipment; one task has a record. */
async function seedBusiness(prefix: string) {
  const who = await registerBuyer(prefix, 'Rakesh Register', '9123456711');
  const { token } = await loginApi(who);
  await api(
    'POST',
    '/business',
    { legalName: 'Rakesh Fuels LLP', gstin: null, billingAddress: ORDER_ADDRESS, approvalLimit: null },
    token,
  );
  const outlet = (name: string, extra = {}) => ({
    name,
    address: ORDER_ADDRESS,
    brand: 'BPCL',
    dealerCode: 'BP-2231',
    ...extra,
  });
  await api(
    'POST',
    '/business/outlets',
    outlet('Rakesh Fuels, NH-44', { pesoLicenceNumber: 'P/SC/KA/15/5567', pesoLicenceValidUntil: '2027-03-31' }),
    token,
  );
  const answer = await api<{ business: { outlets: Outlet[] } }>(
    'POST',
    '/business/outlets',
    outlet('Rakesh Fuels, Ring Road'),
    token,
  );
  const [highway] = answer.business.outlets;
  const add = (body: object) =>
    api<{ asset: { _id: string } }>('POST', `/business/outlets/${highway!._id}/assets`, body, token);
  const extinguisher = await add({
    make: 'Ceasefire',
    model: 'ABC 6 kg',
    serialNumber: 'CF-20931',
    complianceCategory: 'fire-extinguisher',
    extinguisherType: 'dry-powder',
    installedOn: '2025-06-01',
  });
  await add({
    make: 'Tokheim',
    model: 'Quantium 510 (2 nozzles)',
    serialNumber: 'TK-88121',
    complianceCategory: 'fuel-dispenser',
    installedOn: '2025-01-20',
  });
  await add({
    make: '',
    model: '',
    serialNumber: null,
    complianceCategory: 'capacity-measure',
    installedOn: '2025-12-15',
  });
  const register = await api<{ assets: { _id: string; tasks: { key: string }[] }[] }>(
    'GET',
    `/business/outlets/${highway!._id}/register`,
    undefined,
    token,
  );
  const taskKey = register.assets.find((asset) => asset._id === extinguisher.asset._id)!.tasks[1]!.key;
  const form = new FormData();
  form.append('taskKey', taskKey);
  form.append('doneOn', '2025-12-01');
  form.append('note', 'Serviced by Agni Fire Services, job card 4411');
  form.append(
    'attachment',
    new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }),
    'agni-certificate.pdf',
  );
  const uploaded = await fetch(`${baseUrl()}/api/business/assets/${extinguisher.asset._id}/records/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return { who, highway: highway! };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)("an outlet's register (%s)", (size, viewport) => {
  it('lists what is due with its asset, marks a task done and gives the calendar feed', async () => {
    const { who, highway } = await seedBusiness(`register-${size}`);
    const { page, context } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    try {
      await loginInBrowser(page, who, '**/');
      await page.goto('/business');
      await page.getByRole('link', { name: `Register of ${highway.name}` }).click();
      await page.getByRole('heading', { name: 'Equipment register' }).waitFor();
      const overdue = page.getByRole('region', { name: /Overdue/ });
      await overdue.getByText('Tokheim Quantium 510 (2 nozzles) · serial TK-88121', { exact: false }).first().waitFor();
      await page.getByRole('button', { name: 'agni-certificate.pdf' }).first().waitFor();
      await shot(page, `${size}-register`);
      await expectNoSeriousViolations(page, `register (${size})`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      await overdue
        .getByRole('button', { name: /^Mark done/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Note (optional)').fill('Checked by the site manager');
      await shot(page, `${size}-mark-done`, false);
      await expectNoSeriousViolations(page, `mark done (${size})`);
      await dialog.getByRole('button', { name: 'Record as done' }).click();
      await page.getByText('Task recorded.').waitFor();
      await page.getByText('Note: Checked by the site manager').first().waitFor();

      await page.getByRole('button', { name: 'Calendar feed' }).click();
      const address = page.getByLabel('Calendar feed address');
      await poll(() => address.inputValue()).toMatch(/\/api\/calendar\/outlets\/.+\.ics\?token=/);
      const feed = await fetch(await address.inputValue());
      expect(feed.headers.get('content-type')).toContain('text/calendar');
      await shot(page, `${size}-done`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
