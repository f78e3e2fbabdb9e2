// The buyer's journey in a real browser (docs/shop-rules.md#accounts, #cart, #payments, #orders,
// #cancellation): a new buyer signs up (and is logged in, with a welcome notice), favorites a product,
// opens it from its card at /product/<id>, puts two of its variants in the cart, changes quantities,
// and checks out through the sandbox payment window: dismissed, the checkout stays open with the
// reason and Try again; Try again, a failure, then closed, it says the payment failed; Try again, a
// failure, then Pay in the same window, it lands on the SAME order's confirmation page. My Orders then
// holds exactly one card, paid, which the buyer cancels in the shop's own dialog (the refund message
// is a notice). COD lands on its order page too, and a test checks the cart on a 360 px phone. Prices
// are in the storefront's one format (docs/decisions/0008-one-price-format.md). Any browser alert or
// confirm fails the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, MESSAGES } from '@pumpkart/shared';
import {
  api,
  loginApi,
  myOrders,
  registerBuyer,
  storeSession,
  uniqueEmail,
  type ApiProduct,
  type ApiVariant,
} from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { poll, sandbox, watchDialogs } from './support/page';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A demo product with at least two sized variants that have stock to spare. */
async function productWithTwoVariants(): Promise<{ product: ApiProduct; variants: [ApiVariant, ApiVariant] }> {
  const products = await api<ApiProduct[]>('GET', '/products?limit=100');
  for (const product of products) {
    const stocked = product.variants.filter((variant) => variant.size && variant.stock >= 5);
    if (stocked.length >= 2) return { product, variants: [stocked[0]!, stocked[1]!] };
  }
  throw new Error('The demo catalog has no product with two stocked variants');
}

/** An on-page notice (shop/layout/notices.tsx) showing this text, inside the live region of its role. */
const notice = (page: Page, role: 'status' | 'alert', text: string) =>
  page.getByRole(role).getByTestId('notice').filter({ hasText: text });

/** The rupee amount of a price text ('₹8,400/-', '₹1,234.50/-'). */
const rupeesOf = (text: string) => Number(text.replace(/\/-$/, '').replace(/[^\d.]/g, ''));

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
  it('signs up, favorites, fills the cart, pays the same order after a dismissal and a failure, then cancels it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    const email = uniqueEmail('buyer');
    const password = 'pump-buyer-42';
    const { product, variants } = await productWithTwoVariants();
    const [first, second] = variants;

    try {
      // Sign up: that logs the new buyer in and returns home.
      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Sign up' }).waitFor();
      await page.getByLabel('Name').fill('Ravi Buyer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('91234-56780');
      expect(await page.getByLabel('Phone').inputValue()).toBe('9123456780');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await notice(page, 'status', MESSAGES.signupWelcome).waitFor();
      expect(dialogs).toEqual([]);
      await page.getByRole('button', { name: 'Ravi Buyer' }).waitFor();

      // Find the product, favorite it, open it from its card (a link to /product/<id>), and add two of
      // its variants to the cart.
      await page.getByPlaceholder('Search products...').fill(product.title);
      const card = page.getByRole('article', { name: product.title });
      await card.getByRole('button', { name: `Add ${product.title} to favorites` }).click();
      await card.getByRole('button', { name: `Remove ${product.title} from favorites` }).waitFor();

      const cardLink = card.getByRole('link', { name: product.title, exact: true });
      expect(await cardLink.getAttribute('href')).toBe(`/product/${product._id}`);
      await cardLink.click();
      await page.waitForURL(`**/product/${product._id}`);
      const productDialog = page.getByRole('dialog', { name: product.title });
      for (const variant of [first, second]) {
        await productDialog.getByRole('button', { name: variant.size!, exact: true }).click();
        // The chosen size's price, in the storefront's format.
        await productDialog.getByText(formatPrice(variant.price), { exact: true }).first().waitFor();
        const add = productDialog.getByRole('button', { name: 'Add to Cart' });
        // Just after an add the button stays focusable but inactive (aria-disabled) for a moment.
        await poll(() => add.getAttribute('aria-disabled')).toBeNull();
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
      await poll(() => firstLine.getByTestId('quantity').inputValue()).toBe('2');
      await increase.click();
      await poll(() => firstLine.getByTestId('quantity').inputValue()).toBe('3');
      await decrease.click();
      await poll(() => firstLine.getByTestId('quantity').inputValue()).toBe('2');
      await secondLine.getByRole('button', { name: /Increase quantity/ }).click();
      await poll(() => secondLine.getByTestId('quantity').inputValue()).toBe('2');
      // A quantity can be typed: above the stock it becomes the stock and the line says so.
      const typed = secondLine.getByRole('spinbutton', { name: /^Quantity of / });
      await typed.fill(String(second.stock + 5));
      await typed.press('Enter');
      await poll(() => typed.inputValue()).toBe(String(second.stock));
      await secondLine.getByText(MESSAGES.cartOnlyNInStock(second.stock)).waitFor();
      await typed.fill('2');
      await typed.press('Tab');
      await poll(() => typed.inputValue()).toBe('2');
      expect(await firstLine.getByLabel(`Amount for ${product.title}`).textContent()).toBe(
        formatPrice(2 * first.price),
      );
      // The server agrees with what the page shows.
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      const serverCart = await api<{ items: { variantId: string; quantity: number }[] }>(
        'GET',
        '/cart',
        undefined,
        token,
      );
      expect(Object.fromEntries(serverCart.items.map((item) => [item.variantId, item.quantity]))).toEqual({
        [first._id]: 2,
        [second._id]: 2,
      });

      // Select, check the totals, and open the checkout modal (focus moves in; Escape closes it).
      // Every in-stock line starts selected; with none selected Checkout is disabled.
      const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
      const selectAll = page.getByLabel('Select all');
      expect(await selectAll.isChecked()).toBe(true);
      await selectAll.uncheck();
      expect(await checkout.isDisabled()).toBe(true);
      await selectAll.check();
      await poll(() => checkout.isEnabled()).toBe(true);
      const subtotal = 2 * first.price + 2 * second.price;
      expect(await page.getByTestId('summary-subtotal').textContent()).toBe(formatPrice(subtotal));
      const total = (await page.getByTestId('summary-total').textContent())!;
      expect(total).toMatch(/^₹[\d,]+(\.\d\d)?\/-$/);

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
      // The checkout modal's total is the cart's.
      expect(await modal.getByText(total, { exact: true }).count()).toBeGreaterThan(0);

      const outcome = modal.getByTestId('payment-outcome');
      const reason = outcome.getByRole('alert');
      const tryAgain = outcome.getByRole('button', { name: MESSAGES.tryAgain });
      const payButton = sandbox(page).getByRole('button', { name: /^Pay ₹/ });

      // 1. Dismiss the payment window: the order is placed and kept, the checkout stays open with the
      // reason and Try again, and the cart is intact.
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await payButton.waitFor();
      // The window asks for the cart's total (it shows paise).
      expect(await payButton.textContent()).toBe(`Pay ${formatAmount(rupeesOf(total))}`);
      await sandbox(page).getByRole('button', { name: 'Cancel' }).click();
      await outcome.waitFor();
      expect(await reason.textContent()).toBe(MESSAGES.paymentCancelled);
      const placed = await myOrders(token);
      expect(placed).toHaveLength(1);
      const order = placed[0]!;
      expect(order.status).toBe('pending');
      const number = order._id.slice(-6);
      expect(await outcome.textContent()).toContain(`Your order #${number} is saved.`);
      await poll(() => tryAgain.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await cartLines(page).count()).toBe(2);
      expect((await api<{ items: unknown[] }>('GET', '/cart', undefined, token)).items).toHaveLength(2);

      // 2. Try again, fail the payment: the window stays open to try again; closed, the checkout says
      // the payment failed (not that it was cancelled), still for the same order, and the cart is intact.
      await tryAgain.click();
      await sandbox(page).getByRole('button', { name: 'Fail payment' }).click();
      await sandbox(page)
        .getByText(/You can try again\./)
        .waitFor();
      await sandbox(page).getByRole('button', { name: 'Cancel' }).click();
      await poll(() => reason.textContent()).toBe(MESSAGES.paymentFailed);
      expect(await outcome.textContent()).toContain(`Your order #${number} is saved.`);
      expect((await myOrders(token)).map((o) => [o._id, o.status])).toEqual([[order._id, 'pending']]);
      expect(await cartLines(page).count()).toBe(2);
      expect((await api<{ items: unknown[] }>('GET', '/cart', undefined, token)).items).toHaveLength(2);
      await poll(() => tryAgain.isEnabled()).toBe(true);

      // 3. Try again, a failed attempt, then Pay in the same window: the SAME order's confirmation page
      // with the success notice, and the ordered lines have left the cart.
      await tryAgain.click();
      await sandbox(page).getByRole('button', { name: 'Fail payment' }).click();
      await sandbox(page)
        .getByText(/You can try again\./)
        .waitFor();
      await payButton.click();
      await page.waitForURL(`**/order/${order._id}`);
      await notice(page, 'status', MESSAGES.paymentSucceeded).waitFor();
      await page.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed }).waitFor();
      await modal.waitFor({ state: 'detached' });
      const confirmation = (await page.getByTestId('order-confirmation').textContent())!;
      expect(confirmation).toContain(`Order #${number}`);
      expect(confirmation).toContain('Paid online');
      expect(confirmation).toContain(total);
      await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
      expect((await api<{ items: unknown[] }>('GET', '/cart', undefined, token)).items).toHaveLength(0);

      // My Orders: exactly one card, that order, paid.
      await page.getByRole('link', { name: 'View My Orders' }).click();
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const cards = page.getByTestId('order-card');
      await poll(() => cards.count()).toBe(1);
      const paid = cards.first();
      const paidText = (await paid.textContent())!;
      expect(paidText).toContain(`Order #${number}`);
      expect(paidText).toContain('Paid online');
      expect(paidText).not.toContain(MESSAGES.awaitingPayment);
      expect(await paid.getByRole('button', { name: new RegExp(MESSAGES.payNow) }).count()).toBe(0);
      expect(paidText).toContain(product.title);
      expect(paidText).toContain(`Size: ${first.size}`);
      expect(paidText).toContain(`Size: ${second.size}`);
      expect(paidText).toContain('14 Station Road');
      expect(paidText).toContain(`2 x ${formatPrice(first.price)} = ${formatPrice(2 * first.price)}`);
      expect(paidText).toContain(total);
      expect((await myOrders(token)).map((o) => [o._id, o.status])).toEqual([[order._id, 'processing']]);

      // Cancel it, in the shop's own dialog: Keep order leaves it alone; Yes cancels it, the server's
      // refund message is a notice, and the list reloads.
      const cancelButton = paid.getByRole('button', { name: `Cancel Order #${number}` });
      const question = page.getByRole('dialog', { name: 'Cancel order' });
      await cancelButton.click();
      await question.waitFor();
      expect(await question.textContent()).toContain(`Are you sure you want to cancel order #${number}?`);
      await question.getByRole('button', { name: 'Keep order' }).click();
      await question.waitFor({ state: 'detached' });
      expect((await myOrders(token)).map((o) => o.status)).toEqual(['processing']);
      await poll(() => cancelButton.evaluate((element) => element === document.activeElement)).toBe(true);

      await cancelButton.click();
      await question.getByRole('button', { name: 'Yes, cancel it' }).click();
      await notice(page, 'status', `${MESSAGES.orderCancelled}. Your refund will follow shortly.`).waitFor();
      await poll(() => paid.getByTestId('order-status').textContent()).toBe('Cancelled');
      expect(await page.getByRole('button', { name: /Cancel Order/ }).count()).toBe(0);
      expect(await cards.count()).toBe(1);
      expect((await myOrders(token)).map((o) => [o._id, o.status])).toEqual([[order._id, 'cancelled']]);
      // The refund follows in the background.
      await poll(async () => {
        await page.reload();
        await cards.first().waitFor();
        return cards.first().textContent();
      }).toContain('Paid online · refunded');

      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('cash on delivery (enabled on this server) goes through /payment to its order page and My Orders', async () => {
    const { token, user } = await loginApi(await registerBuyer('cod', 'Cod Buyer', '9876501234'));
    const { product, variants } = await productWithTwoVariants();
    await api('POST', '/cart/add', { productId: product._id, variantId: variants[0]._id, quantity: 1 }, token);

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page);
    try {
      await storeSession(page, { token, user });
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

      // The order's own page, with the server's answer as a notice; then My Orders.
      await page.waitForURL(/\/order\/[^/]+$/);
      const [order] = await myOrders(token);
      expect(new URL(page.url()).pathname).toBe(`/order/${order!._id}`);
      await notice(page, 'status', MESSAGES.orderPlaced).waitFor();
      await page.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed }).waitFor();
      await page.getByRole('link', { name: 'View My Orders' }).click();
      const card = page.getByTestId('order-card');
      await poll(() => card.count()).toBe(1);
      expect(await card.getByTestId('order-status').textContent()).toBe('Pending');
      expect(await card.textContent()).toContain('Cash on delivery · pay when it arrives');
      expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();
      // The typed address is kept for the next checkout.
      expect(await page.evaluate(() => localStorage.getItem('checkoutAddresses'))).toContain('3 Market Lane');
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the cart page fits a 360 px phone without horizontal scrolling', async () => {
    const { token, user } = await loginApi(await registerBuyer('phone', 'Phone Buyer', '9988776655'));
    const { product, variants } = await productWithTwoVariants();
    for (const variant of variants) {
      await api('POST', '/cart/add', { productId: product._id, variantId: variant._id, quantity: 2 }, token);
    }

    const { context, page } = await newPage(browser, PHONE);
    const dialogs = watchDialogs(page);
    try {
      await storeSession(page, { token, user });
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
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
