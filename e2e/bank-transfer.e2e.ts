// A quote from request to paid order with an advance and a balance, by bank transfer, in a real browser at desktop
// width and on a 360 px phone (docs/shop-rules.md#bank-transfer, #quotes): the owner enters the store's bank details
// on the Settings page and offers bank transfer; a new buyer asks for a quote of the cart's line; the owner prices it
// with 30 % in advance; the buyer accepts it paying by bank transfer, sees the bank details and records the advance's
// UTR (a second record of the same UTR is refused under its field); the owner confirms it (the order moves to
// processing) and tries to ship, which the server refuses until the balance is in; the buyer records the balance,
// the owner confirms it: the order is paid in full, its tax invoice is issued, and it ships. Axe finds nothing serious
// on the new screens; no browser dialog, no page error, nothing scrolls sideways.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MESSAGES, MESSAGES, TAX_DATA_MESSAGES, type OrderDto } from '@pumpkart/shared';
import { ADMIN, api, loginApi, registerBuyer, shortId, storeSession, type ApiProduct } from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { loginInBrowser, poll, watchDialogs, watchErrors } from './support/page';

const ADDRESS = {
  recipientName: 'Meena Patil',
  recipientPhone: '9123456781',
  line1: '7 Station Road',
  line2: '',
  city: 'Nashik',
  state: 'Maharashtra',
  postalCode: '422001',
  country: 'India',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots (of the page, or of one part of it) go where E2E_SHOTS points, when it is set. */
async function shot(target: Page | Locator, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: `${dir}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('bank transfer with an advance (%s)', (size, viewport) => {
  it('goes from a quote to an order paid by an advance and a balance, then shipped', { timeout: 240_000 }, async () => {
    const buyerLogin = await loginApi(await registerBuyer('bank', 'Meena Patil', '9123456781'));
    const admin = await loginApi(ADMIN);
    await api('PUT', '/auth/update-profile', { addresses: [ADDRESS] }, buyerLogin.token);
    const products = await api<ApiProduct[]>('GET', '/products?limit=100');
    // Under ₹50,000 in all, so the shipment needs no e-way bill.
    const product = products.find((one) => one.variants.length === 0 && one.stock >= 10 && one.price * 5 < 40_000)!;
    await api('POST', '/cart/add', { productId: product._id, variantId: null, quantity: 2 }, buyerLogin.token);
    const orderNow = async (id: string) =>
      (await api<{ data: OrderDto }>('GET', `/orders/${id}`, undefined, admin.token)).data;

    const ownerSide = await newPage(browser, viewport);
    const buyerSide = await newPage(browser, viewport);
    const owner = ownerSide.page;
    const buyer = buyerSide.page;
    const dialogs = [...[owner, buyer].map((page) => watchDialogs(page))];
    const errors = [...[owner, buyer].map((page) => watchErrors(page))];
    try {
      // The owner enters the bank details and offers bank transfer.
      await loginInBrowser(owner, ADMIN, '**/admin/**');
      await owner.goto('/admin/settings');
      const bank = owner.getByRole('group', { name: 'Bank transfer' });
      await bank.waitFor();
      await bank.getByLabel('Account name').fill('PumpKart Equipment Pvt Ltd');
      await bank.getByLabel('Account number').fill('12AB');
      await bank.getByLabel('IFSC').fill('hdfc0001234');
      await bank.getByLabel('Bank and branch').fill('HDFC Bank, Camp, Pune');
      await bank.getByRole('checkbox', { name: /Offer bank transfer/ }).setChecked(true);
      await owner.getByRole('button', { name: 'Save settings' }).click();
      await bank.getByText(BANK_MESSAGES.accountNumber).waitFor();
      await bank.getByLabel('Account number').fill('50200012345678');
      await owner.getByRole('button', { name: 'Save settings' }).click();
      await owner.getByText(TAX_DATA_MESSAGES.storeSettingsSaved).first().waitFor();
      await poll(
        async () => (await api<{ bankTransfer: unknown }>('GET', '/payments/config')).bankTransfer,
      ).toMatchObject({ enabled: true, ifsc: 'HDFC0001234' });
      await expectNoSeriousViolations(owner, `bank-settings-${size}`);
      await shot(bank, `bank-settings-${size}`);
      expect(await sidewaysOverflow(owner)).toBeLessThanOrEqual(0);

      // The buyer asks for a quote of the cart's line.
      await storeSession(buyer, { token: buyerLogin.token, user: { ...buyerLogin.user, addresses: [ADDRESS] } });
      await buyer.goto('/cart');
      await appOnScreen(buyer);
      // The checkout offers bank transfer with the bank details (the journey goes on with a quote).
      const checkout = buyer.getByRole('button', { name: 'Checkout', exact: true });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = buyer.getByRole('dialog', { name: 'Checkout' });
      await modal.getByRole('radio', { name: /Bank transfer \(NEFT\/RTGS\/IMPS\)/ }).check();
      await modal.getByText('Your order waits for your transfer', { exact: false }).waitFor();
      await modal.getByText('HDFC0001234').waitFor();
      await expectNoSeriousViolations(buyer, `bank-checkout-${size}`);
      await shot(modal.getByRole('group', { name: 'Payment method' }), `bank-checkout-${size}`);
      await buyer.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await buyer.getByRole('button', { name: 'Request a quote for this cart' }).click();
      const request = buyer.getByRole('dialog', { name: 'Request a quote' });
      await request.getByLabel(`Quantity of ${product.title}`).fill('5');
      await request.getByRole('button', { name: 'Send request' }).click();
      await buyer.waitForURL('**/quotes/*');
      const quoteId = buyer.url().split('/').at(-1)!;

      // The owner prices it with 30 % in advance.
      await owner.goto(`/admin/quotes/${quoteId}`);
      const answer = owner.getByRole('form', { name: 'Answer with prices' });
      await answer.waitFor();
      await answer.getByLabel(new RegExp(`5 × ${escape(product.title)}`)).fill(String(product.price));
      await answer.getByLabel('Delivery charge (₹)').fill('250');
      await answer.getByLabel('Advance (% of the total)').fill('30');
      await answer.getByRole('button', { name: 'Send the quote' }).click();
      await owner.getByRole('region', { name: 'Version 1' }).waitFor();

      // The buyer accepts it, paying by bank transfer.
      await buyer.goto(`/quotes/${quoteId}`);
      await buyer.getByRole('region', { name: 'Version 1' }).waitFor();
      await buyer.getByRole('radio', { name: /Bank transfer \(NEFT\/RTGS\/IMPS\)/ }).check();
      await expectNoSeriousViolations(buyer, `bank-quote-accept-${size}`);
      await shot(buyer, `bank-quote-accept-${size}`);
      await buyer.getByRole('button', { name: 'Accept and place the order' }).click();
      await buyer.getByRole('dialog').getByRole('button', { name: 'Accept and order' }).click();
      await buyer.waitForURL('**/order/*');
      const orderId = buyer.url().split('/').at(-1)!;
      const placed = await orderNow(orderId);
      expect(placed).toMatchObject({ paymentMode: 'bank', advancePercent: 30, status: 'pending', received: 0 });
      const total = placed.total;
      const advance = Math.ceil((Math.round(total * 100) * 30) / 100) / 100;

      // The buyer's panel: terms, due now, bank details; the advance's UTR is recorded, a second time refused.
      const panel = buyer.getByRole('region', { name: 'Pay by bank transfer' });
      await panel.getByText('30% in advance', { exact: false }).waitFor();
      await panel.getByText('50200012345678').waitFor();
      const form = panel.getByRole('form', { name: 'Record a transfer' });
      expect(Number(await form.getByLabel('Amount (₹)').inputValue())).toBeCloseTo(advance, 2);
      const advanceUtr = `ADV${Date.now()}`;
      await form.getByLabel('UTR / reference number').fill(advanceUtr);
      await expectNoSeriousViolations(buyer, `bank-order-panel-${size}`);
      await shot(buyer, `bank-order-panel-${size}`);
      expect(await sidewaysOverflow(buyer)).toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Record the transfer' }).click();
      await form.getByText(BANK_MESSAGES.recorded).waitFor();
      await panel.getByText('Waiting for the shop to confirm').waitFor();
      await form.getByLabel('UTR / reference number').fill(advanceUtr);
      await form.getByRole('button', { name: 'Record the transfer' }).click();
      await form.getByText(BANK_MESSAGES.utrUsed).waitFor();
      await shot(panel, `bank-order-utr-reused-${size}`);

      // The owner confirms the advance: the order moves to processing; shipping before the balance is refused.
      const number = shortId(orderId);
      await owner.goto(`/admin/orders?order=${orderId}`);
      const detail = owner.getByRole('dialog', { name: `Order ${number}` });
      const transfers = detail.getByRole('region', { name: 'Bank transfers' });
      await transfers.getByRole('button', { name: `Confirm transfer ${advanceUtr}` }).waitFor();
      await expectNoSeriousViolations(owner, `bank-admin-order-${size}`);
      await shot(transfers, `bank-admin-transfers-${size}`);
      await transfers.getByRole('button', { name: `Confirm transfer ${advanceUtr}` }).click();
      await poll(async () => (await orderNow(orderId)).status).toBe('processing');
      const status = detail.getByRole('combobox', { name: 'Order status' });
      await poll(() => status.isEnabled()).toBe(true);
      await status.selectOption('shipped');
      const shipment = detail.getByRole('form', { name: MESSAGES.shipmentFormTitle(number) });
      await shipment.getByLabel('Courier').fill('Delhivery');
      await shipment.getByLabel('Tracking number').fill(`DLV${Date.now() % 1_000_000_000}`);
      await shipment.getByRole('button', { name: MESSAGES.shipmentFormSubmit }).click();
      await owner
        .getByText(/has not been received yet, so this order cannot be shipped or delivered/)
        .first()
        .waitFor();
      await shot(owner, `bank-admin-ship-refused-${size}`);
      await shot(detail.getByRole('region', { name: 'Order status' }), `bank-admin-ship-refused-status-${size}`);
      expect((await orderNow(orderId)).status).toBe('processing');
      await shipment.getByRole('button', { name: 'Cancel' }).click();

      // The buyer records the balance (the amount due now is the balance).
      await buyer.reload();
      await panel.getByText('Received', { exact: true }).waitFor();
      const balance = Math.round((total - advance) * 100) / 100;
      expect(Number(await form.getByLabel('Amount (₹)').inputValue())).toBeCloseTo(balance, 2);
      const balanceUtr = `BAL${Date.now()}`;
      await form.getByLabel('UTR / reference number').fill(balanceUtr);
      await form.getByRole('button', { name: 'Record the transfer' }).click();
      await form.getByText(BANK_MESSAGES.recorded).waitFor();

      // The owner confirms it: paid in full, the invoice is issued, and the order ships.
      await owner.goto(`/admin/orders?order=${orderId}`);
      await transfers.getByRole('button', { name: `Confirm transfer ${balanceUtr}` }).click();
      await poll(async () => (await orderNow(orderId)).payment?.status).toBe('success');
      const paid = await orderNow(orderId);
      expect(paid.received).toBe(total);
      expect(paid.invoice?.number).toBeTruthy();
      await transfers.getByText('Nothing: paid in full').waitFor();
      await shot(transfers, `bank-admin-paid-${size}`);
      await poll(() => status.isEnabled()).toBe(true);
      await status.selectOption('shipped');
      await shipment.getByLabel('Courier').fill('Delhivery');
      await shipment.getByLabel('Tracking number').fill(`DLV${Date.now() % 1_000_000_000}`);
      await shipment.getByRole('button', { name: MESSAGES.shipmentFormSubmit }).click();
      await poll(async () => (await orderNow(orderId)).status).toBe('shipped');

      // The buyer's page: paid in full, the invoice to download.
      await buyer.reload();
      await panel.getByText('Nothing: paid in full').waitFor();
      await buyer.getByRole('region', { name: 'Tax invoice' }).waitFor();
      await expect(panel.getByRole('form', { name: 'Record a transfer' }).count()).resolves.toBe(0);
      await expectNoSeriousViolations(buyer, `bank-order-paid-${size}`);
      await shot(buyer, `bank-order-paid-${size}`);
      expect(await sidewaysOverflow(buyer)).toBeLessThanOrEqual(0);
      expect(dialogs.flat()).toEqual([]);
      expect(errors.flat()).toEqual([]);
    } finally {
      await ownerSide.context.close();
      await buyerSide.context.close();
    }
  });
});
