// The buyer's journey in a real browser: a new buyer signs up, logs
// in, favorites a product, puts two variants of a product in the cart, changes quantities, and
// checks out through the sandbox payment window three times (dismiss; fail, then close; fail, then
// pay in the same window); then finds the order in My Orders and cancels it. A second test checks
// the cart on a 360 px phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, MESSAGES } from '@pumpkart/shared';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';

interface ApiVariant {
  _id: string;
  size: string | null;
  price: number;
  stock: number;
}
interface ApiProduct {
  _id: string;
  title: string;
  stock: number;
  variants: ApiVariant[];
}

let browser: Browser;

/** Waits for a condition in the page; the app's own delays (1.2 s added state, payment calls) exceed expect.poll's 1 s default. */
const poll = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: 15_000 });

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Accepts every alert and confirm, keeping their texts in order. */
function watchDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

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

/** A demo product with at least two sized variants that have stock to spare. */
async function productWithTwoVariants(): Promise<{ product: ApiProduct; variants: [ApiVariant, ApiVariant] }> {
  const products = await api<ApiProduct[]>('GET', '/products?limit=100');
  for (const product of products) {
    const stocked = product.variants.filter((variant) => variant.size && variant.stock >= 5);
    if (stocked.length >= 2) return { product, variants: [stocked[0]!, stocked[1]!] };
  }
  throw new Error('The demo catalog has no product with two stocked variants');
}

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Stores a session the way the login page does (the API logged in already). */
async function logIn(page: Page, token: string, user: Record<string, unknown>) {
  await page.goto('/');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userName', String(user.name));
      localStorage.setItem('userEmail', String(user.email));
      localStorage.setItem('userRole', String(user.role));
      localStorage.setItem('userPhone', String(user.phone));
      localStorage.setItem('userAddresses', JSON.stringify(user.addresses ?? []));
    },
    { token, user },
  );
}

const cartLines = (page: Page) => page.getByTestId('cart-line');
const lineWithSize = (page: Page, size: string) => cartLines(page).filter({ hasText: `Size: ${size}` });
const activeElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      text: element?.textContent?.trim() ?? '',
      autocomplete: element?.getAttribute('autocomplete'),
    };
  });

describe('buyer journey', () => {
  it('signs up, favorites, fills the cart, pays after a dismissal and a failure, then cancels the order', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    const email = uniqueEmail('buyer');
    const password = 'secret123';
    const { product, variants } = await productWithTwoVariants();
    const [first, second] = variants;

    try {
      // Sign up, then log in.
      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Sign up' }).waitFor();
      await page.getByLabel('Name').fill('Ravi Buyer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('91234-56780');
      expect(await page.getByLabel('Phone').inputValue()).toBe('9123456780');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL('**/login');
      expect(dialogs).toContain(MESSAGES.signupSucceeded);
      // Pages load lazily: wait for the page itself, not only its URL.
      await page.getByRole('heading', { name: 'Login' }).waitFor();

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Ravi Buyer' }).waitFor();

      // Find the product, favorite it, and add two of its variants to the cart.
      await page.getByPlaceholder('Search products...').fill(product.title);
      const card = page.getByRole('article', { name: product.title });
      await card.getByRole('button', { name: `Add ${product.title} to favorites` }).click();
      await card.getByRole('button', { name: `Remove ${product.title} from favorites` }).waitFor();

      await card.getByRole('button', { name: product.title, exact: true }).click();
      const productDialog = page.getByRole('dialog', { name: product.title });
      for (const variant of [first, second]) {
        await productDialog.getByRole('button', { name: variant.size!, exact: true }).click();
        const add = productDialog.getByRole('button', { name: 'Add to Cart' });
        await poll(() => add.isEnabled()).toBe(true);
        await add.click();
        await productDialog.getByText(MESSAGES.itemAdded).waitFor();
      }
      await page.getByRole('link', { name: 'Cart (2)', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await productDialog.waitFor({ state: 'detached' });

      // The favorite is on My Favorites.
      await page.getByRole('button', { name: 'Ravi Buyer' }).click();
      await page.getByRole('menuitem', { name: 'Favorites' }).click();
      await page.getByRole('heading', { name: 'My Favorites' }).waitFor();
      await page.getByRole('article', { name: product.title }).waitFor();

      // The cart: both variants; change quantities with plus and minus.
      await page.getByRole('link', { name: 'Cart (2)', exact: true }).click();
      await page.waitForURL('**/cart');
      await poll(() => cartLines(page).count()).toBe(2);
      const firstLine = lineWithSize(page, first.size!);
      const secondLine = lineWithSize(page, second.size!);
      const increase = firstLine.getByRole('button', { name: /Increase quantity/ });
      const decrease = firstLine.getByRole('button', { name: /Decrease quantity/ });
      expect(await decrease.isDisabled()).toBe(true);
      await increase.click();
      await poll(() => firstLine.getByTestId('quantity').textContent()).toBe('2');
      await increase.click();
      await poll(() => firstLine.getByTestId('quantity').textContent()).toBe('3');
      await decrease.click();
      await poll(() => firstLine.getByTestId('quantity').textContent()).toBe('2');
      await secondLine.getByRole('button', { name: /Increase quantity/ }).click();
      await poll(() => secondLine.getByTestId('quantity').textContent()).toBe('2');
      // The server agrees with what the page shows.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const serverCart = await api<{ items: { variantId: string; quantity: number }[] }>(
        'GET',
        '/cart',
        undefined,
        token!,
      );
      expect(Object.fromEntries(serverCart.items.map((item) => [item.variantId, item.quantity]))).toEqual({
        [first._id]: 2,
        [second._id]: 2,
      });

      // Select, check the totals, and open the checkout modal (focus moves in; Escape closes it).
      // Every in-stock line starts selected; with none selected Checkout is disabled.
      const checkout = page.getByRole('button', { name: 'Checkout' });
      const selectAll = page.getByLabel('Select all');
      expect(await selectAll.isChecked()).toBe(true);
      await selectAll.uncheck();
      expect(await checkout.isDisabled()).toBe(true);
      await selectAll.check();
      await poll(() => checkout.isEnabled()).toBe(true);
      const subtotal = 2 * first.price + 2 * second.price;
      expect(await page.getByTestId('summary-subtotal').textContent()).toBe(
        `₹${subtotal.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      const total = (await page.getByTestId('summary-total').textContent())!;

      await checkout.click();
      const modal = page.getByRole('dialog', { name: 'Checkout' });
      await modal.waitFor();
      await poll(async () => (await activeElement(page)).autocomplete).toBe('name');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await poll(async () => (await activeElement(page)).text).toBe('Checkout');
      await page.keyboard.press('Enter');
      await modal.waitFor();

      // Customer info comes from the session; the new buyer types an address.
      expect(await modal.getByLabel('Name', { exact: true }).inputValue()).toBe('Ravi Buyer');
      expect(await modal.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      expect(await modal.getByLabel('Phone', { exact: true }).inputValue()).toBe('9123456780');
      expect(await modal.getByRole('radio', { name: 'Use a new address' }).isChecked()).toBe(true);
      expect(await modal.getByRole('radio', { name: /Pay online/ }).isChecked()).toBe(true);
      await modal.getByLabel('Recipient name').fill('Ravi Buyer');
      await modal.getByLabel('Recipient phone').fill('9123456780');
      await modal.getByLabel('Address line 1').fill('14 Station Road');
      const lookup = page.waitForResponse((response) => response.url().includes('/api/pincode/'));
      await modal.getByLabel('Postal code').fill('560001');
      await lookup;
      await modal.getByLabel('City').fill('Bengaluru');
      await modal.getByLabel('State').fill('Karnataka');
      await modal.getByLabel('Country').fill('India');

      const confirm = modal.getByRole('button', { name: 'Confirm Order' });
      const paymentWindow = page.frameLocator('iframe[title="Sandbox payment window"]');

      // 1. Dismiss the payment window: cancelled, and the cart is intact.
      await confirm.click();
      const payButton = paymentWindow.getByRole('button', { name: /^Pay ₹/ });
      await payButton.waitFor();
      expect(await payButton.textContent()).toBe(`Pay ${total}`);
      await paymentWindow.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => dialogs.at(-1)).toBe(MESSAGES.paymentCancelled);
      expect(await cartLines(page).count()).toBe(2);
      await poll(() => confirm.isEnabled()).toBe(true);

      // 2. Fail the payment: the window stays open to try again; closed, it says the payment failed,
      // and the cart is intact.
      await confirm.click();
      await paymentWindow.getByRole('button', { name: 'Fail payment' }).click();
      await paymentWindow.getByText(/You can try again\./).waitFor();
      expect(dialogs.at(-1)).toBe(MESSAGES.paymentCancelled);
      await paymentWindow.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => dialogs.at(-1)).toBe(MESSAGES.paymentFailed);
      expect(await cartLines(page).count()).toBe(2);
      expect(dialogs.filter((text) => text === MESSAGES.paymentCancelled)).toHaveLength(1);
      const afterFailure = await api<{ items: unknown[] }>('GET', '/cart', undefined, token!);
      expect(afterFailure.items).toHaveLength(2);

      // 3. A failed attempt, then Pay in the same window: success, My Orders, and the ordered lines
      // have left the cart.
      await poll(() => confirm.isEnabled()).toBe(true);
      await confirm.click();
      await paymentWindow.getByRole('button', { name: 'Fail payment' }).click();
      await paymentWindow.getByText(/You can try again\./).waitFor();
      await paymentWindow.getByRole('button', { name: /^Pay ₹/ }).click();
      await page.waitForURL('**/order');
      expect(dialogs).toContain(MESSAGES.paymentSucceeded);
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
      const afterPayment = await api<{ items: unknown[] }>('GET', '/cart', undefined, token!);
      expect(afterPayment.items).toHaveLength(0);

      // My Orders: the paid order, and the two unpaid ones cancelled.
      const cards = page.getByTestId('order-card');
      await poll(() => cards.count()).toBe(3);
      const paid = cards.filter({ hasText: 'Online · Success' });
      expect(await paid.count()).toBe(1);
      const paidText = (await paid.textContent())!;
      expect(paidText).toContain(product.title);
      expect(paidText).toContain(`Size: ${first.size}`);
      expect(paidText).toContain(`Size: ${second.size}`);
      expect(paidText).toContain('14 Station Road');
      // The cart's 2-decimal total, in My Orders' price format ('₹1,234.50/-', '₹1,234/-').
      expect(paidText).toContain(formatPrice(Number(total.replace(/[₹,]/g, ''))));
      expect(await cards.filter({ hasText: 'cancelled' }).count()).toBe(2);

      // Cancel it: confirmation, the server's message, and the list reloads.
      await paid.getByRole('button', { name: /Cancel Order/ }).click();
      await poll(() => dialogs.some((text) => text.startsWith(MESSAGES.orderCancelled))).toBe(true);
      expect(dialogs.some((text) => text.startsWith('Are you sure you want to cancel order #'))).toBe(true);
      await poll(() => cards.filter({ hasText: 'cancelled' }).count()).toBe(3);
      expect(await page.getByRole('button', { name: /Cancel Order/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('cash on delivery (enabled on this server) goes through /payment to My Orders', async () => {
    const email = uniqueEmail('cod');
    await api('POST', '/auth/register', { name: 'Cod Buyer', email, phone: '9876501234', password: 'secret123' });
    const { token, user } = await api<{ token: string; user: Record<string, unknown> }>('POST', '/auth/login', {
      email,
      password: 'secret123',
    });
    const { product, variants } = await productWithTwoVariants();
    await api('POST', '/cart/add', { productId: product._id, variantId: variants[0]._id, quantity: 1 }, token);

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      await logIn(page, token, user);
      await page.goto('/cart');
      await poll(() => cartLines(page).count()).toBe(1);
      const checkout = page.getByRole('button', { name: 'Checkout' });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = page.getByRole('dialog', { name: 'Checkout' });
      const cod = modal.getByRole('radio', { name: /Cash on delivery/ });
      await poll(() => cod.isEnabled()).toBe(true);
      await cod.check();
      await modal.getByLabel('Recipient name').fill('Cod Buyer');
      await modal.getByLabel('Recipient phone').fill('9876501234');
      await modal.getByLabel('Address line 1').fill('3 Market Lane');
      const lookup = page.waitForResponse((response) => response.url().includes('/api/pincode/'));
      await modal.getByLabel('Postal code').fill('411001');
      await lookup;
      await modal.getByLabel('City').fill('Pune');
      await modal.getByLabel('State').fill('Maharashtra');
      await modal.getByLabel('Country').fill('India');
      await modal.getByRole('button', { name: 'Confirm Order' }).click();

      await page.waitForURL('**/order');
      const card = page.getByTestId('order-card');
      await poll(() => card.count()).toBe(1);
      expect(await card.textContent()).toContain('COD · Pending');
      expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();
      // The typed address is kept for the next checkout.
      expect(await page.evaluate(() => localStorage.getItem('checkoutAddresses'))).toContain('3 Market Lane');
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the cart page fits a 360 px phone without horizontal scrolling', async () => {
    const email = uniqueEmail('phone');
    await api('POST', '/auth/register', { name: 'Phone Buyer', email, phone: '9988776655', password: 'secret123' });
    const { token, user } = await api<{ token: string; user: Record<string, unknown> }>('POST', '/auth/login', {
      email,
      password: 'secret123',
    });
    const { product, variants } = await productWithTwoVariants();
    for (const variant of variants) {
      await api('POST', '/cart/add', { productId: product._id, variantId: variant._id, quantity: 2 }, token);
    }

    const { context, page } = await newPage(browser, PHONE);
    try {
      await logIn(page, token, user);
      await page.goto('/cart');
      await poll(() => cartLines(page).count()).toBe(2);
      await page.getByLabel('Select all').check();

      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // The panes stack: the Order Summary sits below the items.
      const items = (await page.getByRole('heading', { name: /Items \(2\)/ }).boundingBox())!;
      const summary = (await page.getByRole('heading', { name: 'Order Summary' }).boundingBox())!;
      expect(summary.y).toBeGreaterThan(items.y + items.height);
      expect(summary.x).toBeLessThan(items.x + 20);

      // The checkout modal fits too.
      const checkout = page.getByRole('button', { name: 'Checkout' });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = page.getByRole('dialog', { name: 'Checkout' });
      await modal.waitFor();
      const box = (await modal.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await overflow()).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  }, 90_000);
});
