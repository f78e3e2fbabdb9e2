// The tax invoice in a real browser (docs/shop-rules.md#invoices, #store-settings): the demo buyer checks out
// with a business name and a GSTIN (a mistyped GSTIN is named under its field first, nothing sent), pays
// cash on delivery, the admin marks the cash collected (which issues the invoice), and the buyer downloads
// the invoice from My Orders: a PDF file under the invoice's number. The footer shows the store's GSTIN from
// its settings. Any browser alert or confirm fails the test.
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GST_MESSAGES, type OrderDto } from '@pumpkart/shared';
import { ADMIN, api, CUSTOMER, loginApi, simpleProducts, storeSession } from './support/api';
import { DESKTOP, launchBrowser, newPage } from './support/browser';
import { poll, watchDialogs, watchErrors } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A Karnataka business's GSTIN that passes the check (the buyer's, not the shop's). */
const BUYER_GSTIN = '29AABFB1234C1Z4';

describe('tax invoice', () => {
  it('the demo buyer orders with a GSTIN, the admin marks the COD order paid, the buyer downloads its invoice', async () => {
    const buyer = await loginApi(CUSTOMER);
    const admin = await loginApi(ADMIN);
    const [product] = await simpleProducts();
    if (!product) throw new Error('The demo catalog has no product without variants in stock');
    await api('DELETE', '/cart/clear', undefined, buyer.token);
    await api('POST', '/cart/add', { productId: product._id, variantId: null, quantity: 1 }, buyer.token);

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    const errors = watchErrors(page);
    try {
      await storeSession(page, buyer);
      await page.goto('/cart');
      const checkout = page.getByRole('button', { name: 'Checkout' });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = page.getByRole('dialog', { name: 'Checkout' });
      await modal.getByLabel('Business name (optional)').fill('Shree Petroleum Traders');
      const gstin = modal.getByLabel('GSTIN (optional)');

      // A typing mistake in the last character: the check names it under the field, and no order is placed.
      await gstin.fill('29AABFB1234C1Z5');
      const orders = page.waitForRequest((request) => request.url().endsWith('/api/orders'), { timeout: 1_500 });
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await modal.getByText(GST_MESSAGES.gstinCheckCharacter('4', '5')).waitFor();
      expect(await gstin.getAttribute('aria-invalid')).toBe('true');
      await expect(orders).rejects.toThrow();

      await gstin.fill(BUYER_GSTIN.toLowerCase());
      const cod = modal.getByRole('radio', { name: /Cash on delivery/ });
      await poll(() => cod.isEnabled()).toBe(true);
      await cod.check();
      if (await modal.getByRole('radio', { name: 'Use a new address' }).isChecked()) {
        await modal.getByLabel('Recipient name').fill('Demo Customer');
        await modal.getByLabel('Recipient phone').fill('9876543210');
        await modal.getByLabel('Address line 1').fill('7 Residency Road');
        await modal.getByLabel('Postal code').fill('560025');
        await modal.getByLabel('City').fill('Bengaluru');
        await modal.getByLabel('State').fill('Karnataka');
        await modal.getByLabel('Country').fill('India');
      }
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await page.waitForURL(/\/order\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

      // The order carries the buyer's business details; no invoice until the cash is collected.
      let order = (await api<{ data: OrderDto }>('GET', `/orders/${orderId}`, undefined, buyer.token)).data;
      expect(order).toMatchObject({ businessName: 'Shree Petroleum Traders', gstin: BUYER_GSTIN, invoice: null });

      await api('PATCH', `/payments/${orderId}/cod`, undefined, admin.token);
      order = (await api<{ data: OrderDto }>('GET', `/orders/${orderId}`, undefined, buyer.token)).data;
      expect(order.invoice?.number).toMatch(/^[A-Z0-9]{1,3}\/\d{2}-\d{2}\/\d{6}$/);
      const invoiceNumber = order.invoice!.number;

      await page.goto('/order');
      const card = page.getByTestId('order-card').filter({ hasText: `Order #${orderId.slice(-6)}` });
      const button = card.getByRole('button', { name: `Download invoice ${invoiceNumber}` });
      await button.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`Invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`);
      const file = await readFile((await download.path())!);
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.length).toBeGreaterThan(1000);

      // The footer shows the shop's own GSTIN from its settings.
      const settings = await api<{ gstin: string }>('GET', '/settings/store');
      expect(await page.getByTestId('footer-gstin').textContent()).toContain(settings.gstin);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
