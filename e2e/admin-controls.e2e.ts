// The admin's controls in a real browser (docs/shop-rules.md#cancellation, docs/shop-rules.md#refunds):
// cancelling a paid online order first asks, in an on-page dialog that names the refund of the buyer's
// payment ("Cancel order #xxxxxx? The buyer's payment of ₹N will be refunded."); Keep order changes
// nothing, Cancel order cancels it. A COD order's question has no refund sentence. A product's Active
// state is a switch (role switch, aria-checked) that a click or Space flips, and the storefront
// follows. No browser alert or confirm box appears.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderTotals, toPaise, toRupees, type OrderDto } from '@pumpkart/shared';
import { baseUrl, DESKTOP, launchBrowser, newPage } from './support/browser';

interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  stock: number;
  active: boolean;
  variants: unknown[];
}
interface LoginAnswer {
  token: string;
  user: { name: string; email: string; phone: string; role: string };
}

const ADMIN = { email: 'admin@pumpkart.in', password: 'admin123' };
const CUSTOMER = { email: 'customer@pumpkart.in', password: 'customer123' };
const ADDRESS = {
  recipientName: 'Asha Rao',
  recipientPhone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};

let browser: Browser;

/** Waits for a condition in the page (server round trips exceed expect.poll's 1 s default). */
const poll = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: 15_000 });

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const loginApi = (who: { email: string; password: string }) => api<LoginAnswer>('POST', '/auth/login', who);

/** Fails the journey on any browser alert or confirm box (the admin's screens use on-page ones). */
function watchDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

async function loginInBrowser(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** A buyer's order of one unit of a product without variants, priced as the server prices it. */
async function placeOrder(buyer: LoginAnswer, product: ApiProduct, paymentMode: 'online' | 'cod') {
  const totals = orderTotals([{ unitPricePaise: toPaise(product.price), quantity: 1 }]);
  const answer = await api<{ order: OrderDto }>(
    'POST',
    '/orders',
    {
      customer: { name: buyer.user.name, email: buyer.user.email, phone: buyer.user.phone || '9876543210' },
      address: ADDRESS,
      items: [{ product: product._id, variantId: null, title: product.title, price: product.price, quantity: 1 }],
      shipping: toRupees(totals.shippingPaise),
      total: toRupees(totals.totalPaise),
      paymentMode,
    },
    buyer.token,
  );
  return answer.order;
}

/** Pays an online order through the sandbox gateway the way the payment window does. */
async function payOnline(buyer: LoginAnswer, order: OrderDto) {
  const created = await api<{ rzpOrderId: string }>('POST', '/payments/create', { orderId: order._id }, buyer.token);
  const paid = await api<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>(
    'POST',
    '/payments/sandbox/pay',
    { order_id: created.rzpOrderId },
    buyer.token,
  );
  await api('POST', '/payments/verify', { ...paid, orderId: order._id }, buyer.token);
}

const shortId = (id: string) => id.slice(-6);
const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function simpleProducts(): Promise<ApiProduct[]> {
  const products = await api<ApiProduct[]>('GET', '/products?limit=100');
  return products.filter((p) => p.variants.length === 0 && p.stock >= 3 && p.price > 0);
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
      await loginInBrowser(page, ADMIN);
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `View order ${shortId(order._id)}` }).click();
      const detail = page.getByRole('dialog', { name: `Order ${shortId(order._id)}` });
      const status = detail.getByRole('combobox', { name: 'Order status' });
      await poll(() => status.isEnabled()).toBe(true);
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
      await loginInBrowser(page, ADMIN);
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `View order ${shortId(order._id)}` }).click();
      const detail = page.getByRole('dialog', { name: `Order ${shortId(order._id)}` });
      const status = detail.getByRole('combobox', { name: 'Order status' });
      await poll(() => status.isEnabled()).toBe(true);
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
      (await api<ApiProduct[]>('GET', '/products/admin/all', undefined, admin.token)).find(
        (p) => p._id === product!._id,
      )?.active;

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      await loginInBrowser(page, ADMIN);
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
