// The admin's controls in a real browser (docs/shop-rules.md#cancellation, docs/shop-rules.md#refunds):
// cancelling a paid online order first asks, in an on-page dialog that names the refund of the buyer's
// payment ("Cancel order #xxxxxx? The buyer's payment of ₹N will be refunded."); Keep order changes
// nothing, Cancel order cancels it. A COD order's question has no refund sentence. A product's Active
// state is a switch (role switch, aria-checked) that a click or Space flips, and the storefront
// follows. No browser alert or confirm box appears.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import {
  ADMIN,
  api,
  CUSTOMER,
  loginApi,
  payOnline,
  placeOrder,
  shortId,
  simpleProducts,
  type ApiProduct,
} from './support/api';
import { DESKTOP, launchBrowser, newPage } from './support/browser';
import { loginInBrowser, poll, watchDialogs } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Logs the admin in and opens the order's dialog on the orders page, once its status can change. */
async function openOrder(page: Page, orderId: string) {
  await loginInBrowser(page, ADMIN, '**/admin/dashboard');
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: `View order ${shortId(orderId)}` }).click();
  const detail = page.getByRole('dialog', { name: `Order ${shortId(orderId)}` });
  const status = detail.getByRole('combobox', { name: 'Order status' });
  await poll(() => status.isEnabled()).toBe(true);
  return { detail, status };
}

describe('admin controls', () => {
  it('asks before cancelling a paid online order, naming the refund; Keep order keeps it', async () => {
    const admin = await loginApi(ADMIN);
    const buyer = await loginApi(CUSTOMER);
    const [product] = await simpleProducts();
    const order = await placeOrder(buyer, product!, 'online');
    await payOnline(buyer, order);
    const paidOrder = (await api<{ data: OrderDto }>('GET', `/orders/${order._id}`, undefined, admin.token)).data;
    const statusNow = async () =>
      (await api<{ data: OrderDto }>('GET', `/orders/${order._id}`, undefined, admin.token)).data.status;

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      const { detail, status } = await openOrder(page, order._id);
      const before = await status.inputValue();

      // Choose cancelled: the question, with the refund of the buyer's payment.
      await status.selectOption('cancelled');
      const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(
        `${MESSAGES.adminCancelOrderQuestion(shortId(order._id))} ${MESSAGES.adminCancelRefundNote(rupees(paidOrder.total))}`,
      );
      expect(await confirm.textContent()).toContain(
        `Cancel order #${shortId(order._id)}? The buyer's payment of ${rupees(paidOrder.total)} will be refunded.`,
      );
      await page.screenshot({ path: '/tmp/shots-d/admin-cancel-confirm-desktop.png' }).catch(() => undefined);

      // Keep order: nothing changes, and the order's dialog is still open.
      await confirm.getByRole('button', { name: 'Keep order' }).click();
      await confirm.waitFor({ state: 'detached' });
      await detail.waitFor();
      expect(await status.inputValue()).toBe(before);
      expect(await statusNow()).toBe(before);

      // Escape answers the question only.
      await status.selectOption('cancelled');
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(await detail.isVisible()).toBe(true);
      expect(await statusNow()).toBe(before);

      // Cancel order: cancelled.
      await status.selectOption('cancelled');
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await poll(statusNow).toBe('cancelled');
      await poll(() => status.inputValue()).toBe('cancelled');
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no refund sentence for a paid COD order', async () => {
    const admin = await loginApi(ADMIN);
    const buyer = await loginApi(CUSTOMER);
    const products = await simpleProducts();
    const order = await placeOrder(buyer, products[1] ?? products[0]!, 'cod');
    await api('PATCH', `/payments/${order._id}/cod`, {}, admin.token);

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      const { status } = await openOrder(page, order._id);
      await status.selectOption('cancelled');
      const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
      await confirm.waitFor();
      const text = (await confirm.textContent()) ?? '';
      expect(text).toContain(MESSAGES.adminCancelOrderQuestion(shortId(order._id)));
      expect(text).not.toContain('refunded');
      await confirm.getByRole('button', { name: 'Keep order' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a product's Active switch: a click and Space flip it, and the storefront follows", async () => {
    const admin = await loginApi(ADMIN);
    const [product] = await simpleProducts();
    const storefrontHas = async () =>
      (await api<ApiProduct[]>('GET', '/products?limit=100')).some((p) => p._id === product!._id);
    const adminActive = async () =>
      // Searched by its title: the list's first page holds the newest products, which other journeys may add.
      (
        await api<ApiProduct[]>(
          'GET',
          `/products/admin/all?search=${encodeURIComponent(product!.title)}&limit=100`,
          undefined,
          admin.token,
        )
      ).find((p) => p._id === product!._id)?.active;

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.goto('/admin/products');
      await page.getByRole('searchbox', { name: 'Search products' }).fill(product!.title);
      const card = page.getByRole('article', { name: product!.title, exact: true });
      const active = card.getByRole('switch', { name: 'Active' });
      await active.waitFor();
      expect(await active.getAttribute('aria-checked')).toBe('true');

      // A click turns it off: the product leaves the storefront.
      await active.click();
      await poll(() => active.getAttribute('aria-checked')).toBe('false');
      await poll(adminActive).toBe(false);
      await poll(storefrontHas).toBe(false);

      // Space turns it on again.
      await active.focus();
      await page.keyboard.press('Space');
      await poll(() => active.getAttribute('aria-checked')).toBe('true');
      await poll(adminActive).toBe(true);
      await poll(storefrontHas).toBe(true);

      // The product form shows the same switch.
      await card.getByRole('button', { name: `Edit ${product!.title}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Product' });
      expect(await form.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
