// A request for quote from the cart to an order at the quoted prices, in a real browser, at desktop width and on a
// 360 px phone (docs/shop-rules.md#quotes): a new buyer asks for a quote of the cart's line; the owner, on the back
// office's quote screen, prices it and sends it; the buyer reads the quote, its proforma invoice's PDF is there, and
// accepts: the order exists at exactly the quoted prices and delivery charge. Axe finds nothing serious on the three
// screens; no browser dialog, no page error, nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, QuoteDetail } from '@pumpkart/shared';
import { ADMIN, api, loginApi, registerBuyer, storeSession, type ApiProduct } from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { loginInBrowser, poll, watchDialogs, watchErrors } from './support/page';
import type { Browser } from 'playwright-core';

const ADDRESS = {
  recipientName: 'Ravi Kumar',
  recipientPhone: '9123456780',
  line1: '4 Highway Road',
  line2: '',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('a quote (%s)', (size, viewport) => {
  it('goes from the cart’s request to an order at the quoted prices', async () => {
    const buyerLogin = await loginApi(await registerBuyer('quote', 'Ravi Kumar', '9123456780'));
    await api('PUT', '/auth/update-profile', { addresses: [ADDRESS] }, buyerLogin.token);
    const products = await api<ApiProduct[]>('GET', '/products?limit=100');
    const product = products.find((candidate) => candidate.variants.length === 0 && candidate.stock >= 10)!;
    await api('POST', '/cart/add', { productId: product._id, variantId: null, quantity: 3 }, buyerLogin.token);

    const buyerSide = await newPage(browser, viewport);
    const dialogs = watchDialogs(buyerSide.page);
    const errors = watchErrors(buyerSide.page);
    let quoteId: string;
    try {
      const { page } = buyerSide;
      await storeSession(page, { token: buyerLogin.token, user: { ...buyerLogin.user, addresses: [ADDRESS] } });
      await page.goto('/cart');
      await appOnScreen(page);
      await page.getByRole('button', { name: 'Request a quote for this cart' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a quote' });
      await dialog.getByLabel(`Quantity of ${product.title}`).fill('5');
      await dialog.getByLabel('Notes for the shop').fill('Delivery to the outlet before Friday, please.');
      await expectNoSeriousViolations(page, `quote-request-${size}`);
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL('**/quotes/*');
      quoteId = page.url().split('/').at(-1)!;
      await page.getByText('The shop has your request and will price it.').waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await buyerSide.context.close();
    }

    const unitPrice = Math.max(1, Math.round(product.price * 0.9));
    const adminSide = await newPage(browser, viewport);
    const adminErrors = watchErrors(adminSide.page);
    try {
      const { page } = adminSide;
      await loginInBrowser(page, ADMIN, '**/admin/**');
      await page.goto(`/admin/quotes/${quoteId}`);
      const form = page.getByRole('form', { name: 'Answer with prices' });
      await form.waitFor();
      await form
        .getByLabel(new RegExp(`5 × ${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
        .fill(String(unitPrice));
      await form.getByLabel('Delivery charge (₹)').fill('250');
      await form.getByLabel('Advance (% of the total)').fill('30');
      await expectNoSeriousViolations(page, `admin-quote-${size}`);
      await form.getByRole('button', { name: 'Send the quote' }).click();
      await page.getByRole('region', { name: 'Version 1' }).waitFor();
      expect(adminErrors).toEqual([]);
    } finally {
      await adminSide.context.close();
    }

    const again = await newPage(browser, viewport);
    const againErrors = watchErrors(again.page);
    try {
      const { page } = again;
      await storeSession(page, { token: buyerLogin.token, user: { ...buyerLogin.user, addresses: [ADDRESS] } });
      await page.goto(`/quotes/${quoteId}`);
      await page.getByRole('region', { name: 'Version 1' }).waitFor();
      // In the quote itself (the payment choice repeats the terms when bank transfer is offered).
      await page
        .getByRole('region', { name: 'Version 1' })
        .getByText('30% in advance, the balance before dispatch')
        .waitFor();
      await page.getByRole('button', { name: 'Download proforma invoice (PDF)' }).waitFor();
      const pdf = await page.evaluate(async (id) => {
        const answer = await fetch(`/api/quotes/${id}/pdf`, {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return { status: answer.status, type: answer.headers.get('content-type') };
      }, quoteId);
      expect(pdf).toEqual({ status: 200, type: 'application/pdf' });
      await expectNoSeriousViolations(page, `quote-page-${size}`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Accept and place the order' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Accept and order' }).click();
      await page.waitForURL('**/order/*');
      const orderId = page.url().split('/').at(-1)!;
      const { data: order } = await api<{ data: OrderDto }>('GET', `/orders/${orderId}`, undefined, buyerLogin.token);
      expect(order.items.map((item) => [item.price, item.quantity])).toEqual([[unitPrice, 5]]);
      expect(order.shipping).toBe(250);
      expect(order.total).toBe(unitPrice * 5 + 250);
      await poll(
        async () =>
          (await api<{ data: QuoteDetail }>('GET', `/quotes/${quoteId}`, undefined, buyerLogin.token)).data.status,
      ).toBe('accepted');
      expect(againErrors).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await again.context.close();
    }
  });
});
