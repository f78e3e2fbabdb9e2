// A return from request to refund in a real browser, at desktop width and on a 360 px phone
// (docs/shop-rules.md#returns): the buyer opens a delivered order, presses Return items, chooses a unit, gives a
// reason and a photo, and sends; the owner, in the admin's order detail, approves, records the goods received
// (back to stock) and refunds after the confirmation; the gateway refunds that part, the buyer gets the e-mails
// and sees the return refunded with its credit note. Nothing scrolls sideways; no browser dialog, no page error.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, OrderReturns } from '@pumpkart/shared';
import { ADMIN, api, CUSTOMER, loginApi, payOnline, placeOrder, shortId, simpleProducts } from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { receivedMail } from './support/mail';
import { loginInBrowser, watchDialogs, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots go where E2E_SHOTS points, when it is set. */
async function shot(target: Page | Locator, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: `${dir}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('a return (%s)', (size, viewport) => {
  it('goes from the buyer’s request to the owner’s refund, with its credit note and e-mails', async () => {
    const admin = await loginApi(ADMIN);
    const buyer = await loginApi(CUSTOMER);
    const [product] = await simpleProducts();
    const order = await placeOrder(buyer, product!, 'online');
    await payOnline(buyer, order);
    await api(
      'PUT',
      `/orders/${order._id}/status`,
      {
        status: 'shipped',
        // Above ₹50,000 the consignment needs its e-way bill (docs/shop-rules.md#e-way-bills).
        shipment: {
          courier: 'Delhivery',
          trackingNumber: 'DLV-1',
          ewayBillNumber: '123456789012',
          vehicleNumber: 'MH12AB1234',
        },
      },
      admin.token,
    );
    await api('PUT', `/orders/${order._id}/status`, { status: 'delivered' }, admin.token);
    const number = shortId(order._id);
    const returnsNow = async () =>
      (await api<{ data: OrderReturns }>('GET', `/orders/${order._id}/returns`, undefined, admin.token)).data;
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#b91c1c' } })
      .png()
      .toBuffer();

    const buyerSide = await newPage(browser, viewport);
    const dialogs = watchDialogs(buyerSide.page);
    const errors = watchErrors(buyerSide.page);
    try {
      const { page } = buyerSide;
      await loginInBrowser(page, CUSTOMER, '**/');
      await page.goto(`/order/${order._id}`);
      await appOnScreen(page);
      const returns = page.getByRole('region', { name: 'Returns' });
      await returns.getByText(/You can ask to return items until/).waitFor();
      await returns.getByRole('button', { name: 'Return items' }).click();
      const form = returns.getByRole('form', { name: 'Return items' });
      await form.getByLabel(`Units of ${product!.title} to return`).fill('1');
      await form.getByLabel('Reason').fill('The nozzle thread does not fit our dispenser.');
      await form.getByLabel(/Photos/).setInputFiles({ name: 'thread.png', mimeType: 'image/png', buffer: photo });
      await shot(page, `buyer-return-form-${size}`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `buyer-return-form-${size}`);
      await form.getByRole('button', { name: 'Send return request' }).click();
      await returns.getByText('Requested').waitFor();
      await shot(page, `buyer-return-requested-${size}`);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await buyerSide.context.close();
    }
    expect((await returnsNow()).returns).toHaveLength(1);
    await receivedMail(buyer.user.email, new RegExp(`We have your request: return 1 of order #${number}`));

    const adminSide = await newPage(browser, viewport);
    const adminDialogs = watchDialogs(adminSide.page);
    const adminErrors = watchErrors(adminSide.page);
    try {
      const { page } = adminSide;
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.goto(`/admin/orders?order=${order._id}`);
      const detail = page.getByRole('dialog', { name: `Order ${number}` });
      const section = detail.getByRole('region', { name: 'Returns and notes' });
      await section.getByRole('button', { name: 'Approve' }).click();
      await section.getByRole('button', { name: 'Goods received' }).click();
      const refund = section.getByRole('button', { name: /^Refund ₹/ });
      await refund.waitFor();
      await shot(page, `admin-return-received-${size}`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await refund.click();
      await page.getByRole('dialog', { name: 'Refund return 1?' }).getByRole('button', { name: 'Refund' }).click();
      await section.getByText('Refunded').waitFor();
      await section.getByRole('button', { name: /Credit note CN\// }).waitFor();
      await shot(page, `admin-return-refunded-${size}`);
      await expectNoSeriousViolations(page, `admin-returns-${size}`);

      // The owner's debit note for a price raised after the invoice.
      await section.getByRole('button', { name: 'Issue a debit note…' }).click();
      const note = section.getByRole('form', { name: 'Debit note' });
      await note.getByLabel(`Amount raised on ${product!.title}`).fill('118');
      await note.getByLabel('Reason').fill('Price revised by the maker after the invoice');
      await shot(page, `admin-debit-note-form-${size}`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await note.getByRole('button', { name: 'Issue debit note' }).click();
      await section.getByRole('button', { name: /Debit note DN\/\d\d-\d\d\/\d{6}/ }).waitFor();

      // The return window on Settings.
      await page.goto('/admin/settings');
      await page.getByLabel('Return window (days after delivery)').waitFor();
      await shot(page, `admin-settings-return-window-${size}`);
      expect(adminDialogs).toEqual([]);
      expect(adminErrors).toEqual([]);
    } finally {
      await adminSide.context.close();
    }

    const done = (await returnsNow()).returns[0]!;
    expect(done).toMatchObject({ status: 'refunded', refundMode: 'online' });
    expect(done.refundId).toMatch(/^rfnd_/);
    expect(done.creditNote?.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const paid = (await api<{ data: OrderDto }>('GET', `/orders/${order._id}`, undefined, admin.token)).data;
    expect(paid.payment?.status).toBe('success');
    await receivedMail(buyer.user.email, new RegExp(`Refund of .*: return 1 of order #${number}`));

    const again = await newPage(browser, viewport);
    try {
      await loginInBrowser(again.page, CUSTOMER, '**/');
      await again.page.goto(`/order/${order._id}`);
      const returns = again.page.getByRole('region', { name: 'Returns' });
      await returns.getByText('Refunded').waitFor();
      await returns.getByRole('button', { name: /Credit note CN\// }).waitFor();
      await shot(again.page, `buyer-return-refunded-${size}`);
      expect(await sidewaysOverflow(again.page)).toBeLessThanOrEqual(0);
    } finally {
      await again.context.close();
    }
  });
});
