// The checkout and payment window in a real browser, at desktop width and on a 360 px phone
// (docs/shop-rules.md#payments, #orders): a failed payment keeps the checkout open with the reason
// and Try again, which pays the SAME order and lands on its confirmation page; the sandbox window
// keeps focus and the page behind it is inert; a closed unpaid order is 'Awaiting payment' in My
// Orders and Pay now pays it; and a whole purchase done with the keyboard alone. No browser alert.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { api, loginApi, myOrders, registerBuyer, storeSession, type ApiProduct } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { poll, sandbox, watchDialogs } from './support/page';

let browser: Browser;
let products: ApiProduct[];

const ADDRESS = {
  recipientName: 'Meera Rao',
  recipientPhone: '9123456780',
  line1: '7 Tank Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};

/** A new buyer (so that no earlier unpaid order counts against them), logged in, with a saved address. */
async function newBuyer(page: Page): Promise<string> {
  const { token, user } = await loginApi(await registerBuyer('buyer-a', 'Meera Rao', '9123456780'));
  await api('PUT', '/auth/update-profile', { addresses: [ADDRESS] }, token);
  await storeSession(page, { token, user: { ...user, addresses: [ADDRESS] } });
  return token;
}

/** A product without sizes that has stock to spare. */
function plainProduct(offset = 0): ApiProduct {
  const plain = products.filter((product) => product.variants.length === 0 && product.stock >= 10);
  if (plain.length === 0) throw new Error('The demo catalog has no product without sizes in stock');
  return plain[offset % plain.length]!;
}

/** Fills the cart through the API and opens the checkout modal on the cart page. */
async function openCheckout(page: Page, token: string, product: ApiProduct) {
  await api('POST', '/cart/add', { productId: product._id, variantId: null, quantity: 1 }, token);
  await page.goto('/cart');
  await page.getByTestId('cart-line').first().waitFor();
  const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
  await poll(() => checkout.isEnabled()).toBe(true);
  await checkout.click();
  const modal = page.getByRole('dialog', { name: 'Checkout' });
  await modal.waitFor();
  return modal;
}

/** Where focus is: inside the sandbox iframe (the iframe element is the parent's active element). */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const overlay = document.querySelector('[data-razorpay-sandbox]');
    return {
      inFrame: active instanceof HTMLIFrameElement && active.title === 'Sandbox payment window',
      inOverlay: Boolean(overlay && active && overlay.contains(active)),
      tag: active?.tagName ?? '',
      rootInert: (document.getElementById('root') as HTMLElement | null)?.inert ?? false,
    };
  });

beforeAll(async () => {
  browser = await launchBrowser();
  products = await api<ApiProduct[]>('GET', '/products?limit=100');
});

afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['360 px phone', PHONE],
] as const;

describe.each(VIEWPORTS)('checkout at %s', (label, viewport) => {
  it('(a) a failed payment keeps the checkout open; Try again pays the SAME order and lands on its confirmation', async () => {
    const { context, page } = await newPage(browser, viewport);
    const alerts = watchDialogs(page);
    try {
      const token = await newBuyer(page);
      const product = plainProduct(label === 'desktop' ? 0 : 1);
      const modal = await openCheckout(page, token, product);
      await modal.getByRole('button', { name: 'Confirm Order' }).click();

      await sandbox(page).getByRole('button', { name: 'Fail payment' }).click();
      await sandbox(page)
        .getByText(/You can try again\./)
        .waitFor();
      await sandbox(page).getByRole('button', { name: 'Cancel' }).click();

      const outcome = modal.getByTestId('payment-outcome');
      await outcome.waitFor();
      expect(await outcome.getByRole('alert').textContent()).toBe(MESSAGES.paymentFailed);
      const [order] = await myOrders(token);
      expect(order).toMatchObject({ status: 'pending' });
      expect(await outcome.textContent()).toContain(`Your order #${order!._id.slice(-6)} is saved.`);
      const tryAgain = outcome.getByRole('button', { name: 'Try again' });
      // Focus lands on Try again, never on the page's body.
      await poll(() => tryAgain.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.screenshot({ path: `/tmp/shots-a/checkout-failed-${viewport.width}.png`, fullPage: false });

      await tryAgain.click();
      await sandbox(page)
        .getByRole('button', { name: /^Pay ₹/ })
        .click();
      await page.waitForURL(`**/order/${order!._id}`);
      await page.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed }).waitFor();
      const confirmation = page.getByTestId('order-confirmation');
      const text = (await confirmation.textContent())!;
      expect(text).toContain(`Order #${order!._id.slice(-6)}`);
      expect(text).toContain(product.title);
      expect(text).toContain('Delivery charge');
      expect(text).toContain('Paid online');
      expect(text).toContain('7 Tank Road');
      expect(text).toMatch(/Expected by /);
      await page.getByText(MESSAGES.paymentSucceeded).waitFor();
      await page.screenshot({ path: `/tmp/shots-a/confirmation-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // My Orders has exactly one card for it: no second order was placed.
      await page.getByRole('link', { name: 'View My Orders' }).click();
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      await poll(() => page.getByTestId('order-card').count()).toBe(1);
      expect(await myOrders(token)).toHaveLength(1);
      expect(alerts).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('(b) the payment window holds focus for 30 Tabs and the page behind is inert', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      const token = await newBuyer(page);
      const modal = await openCheckout(page, token, plainProduct(2));
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      const pay = sandbox(page).getByRole('button', { name: /^Pay ₹/ });
      await poll(() => pay.isEnabled()).toBe(true);
      expect((await focusState(page)).rootInert).toBe(true);
      await page.screenshot({ path: `/tmp/shots-a/payment-window-${viewport.width}.png` });
      for (let press = 1; press <= 30; press += 1) {
        await page.keyboard.press(press % 7 === 0 ? 'Shift+Tab' : 'Tab');
        const state = await focusState(page);
        expect(state.inFrame || state.inOverlay, `Tab ${press}: focus on ${state.tag}`).toBe(true);
        expect(state.rootInert).toBe(true);
      }
      // Closed: the page is usable again and focus is not lost on the body.
      await page.keyboard.press('Escape');
      await modal.getByTestId('payment-outcome').waitFor();
      const after = await focusState(page);
      expect(after.rootInert).toBe(true); // the checkout dialog itself keeps the page behind it inert
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
      await modal.getByRole('button', { name: 'Close' }).last().click();
      await poll(async () => (await focusState(page)).rootInert).toBe(false);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('(c) a closed unpaid order is Awaiting payment in My Orders, and Pay now pays it', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      const token = await newBuyer(page);
      const product = plainProduct(3);
      const modal = await openCheckout(page, token, product);
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await sandbox(page).getByRole('button', { name: 'Cancel' }).click();
      const outcome = modal.getByTestId('payment-outcome');
      await outcome.waitFor();
      expect(await outcome.getByRole('alert').textContent()).toBe(MESSAGES.paymentCancelled);
      await outcome.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });

      await page.goto('/order');
      const card = page.getByTestId('order-card');
      await card.waitFor();
      expect(await card.getByTestId('order-status').textContent()).toBe(MESSAGES.awaitingPayment);
      expect(await card.textContent()).toMatch(/Pay by /);
      await page.screenshot({ path: `/tmp/shots-a/awaiting-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const payNow = card.getByRole('button', { name: /Pay now/ });
      await poll(() => payNow.isEnabled()).toBe(true);
      await payNow.click();
      await sandbox(page)
        .getByRole('button', { name: /^Pay ₹/ })
        .click();
      const [order] = await myOrders(token);
      await page.waitForURL(`**/order/${order!._id}`);
      await page.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed }).waitFor();
      await poll(async () => (await myOrders(token)).map((o) => o.status)).toEqual(['processing']);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('(d) a keyboard-only purchase from the home page to the confirmation', async () => {
    const { context, page } = await newPage(browser, viewport);
    let tabs = 0;
    /** Presses Tab (or Shift+Tab) until the focused element passes `check`. */
    const tabTo = async (check: (el: { tag: string; name: string; disabled: boolean }) => boolean, back = false) => {
      for (let i = 0; i < 400; i += 1) {
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return {
            tag: el?.tagName ?? '',
            name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
            disabled: Boolean((el as HTMLButtonElement | null)?.disabled),
          };
        });
        if (i > 0 && check(focused)) return;
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        tabs += 1;
      }
      throw new Error('The keyboard never reached the control');
    };
    try {
      await newBuyer(page);
      const titles = new Set(
        products.filter((product) => product.variants.length === 0 && product.stock >= 10).map((p) => p.title),
      );
      await page.goto('/');
      await page.getByRole('article').first().waitFor();
      await tabTo((el) => (el.tag === 'A' || el.tag === 'BUTTON') && titles.has(el.name));
      await page.keyboard.press('Enter');
      await tabTo((el) => el.tag === 'BUTTON' && el.name === MESSAGES.addToCart && !el.disabled);
      await page.keyboard.press('Enter');
      await page.getByText(MESSAGES.itemAdded).first().waitFor();
      await page.keyboard.press('Escape');
      await tabTo((el) => el.tag === 'A' && /^Cart \(1\)/.test(el.name), true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/cart');
      await page.getByTestId('cart-line').first().waitFor();
      await poll(() => page.getByRole('button', { name: 'Checkout', exact: true }).isEnabled()).toBe(true);
      await tabTo((el) => el.tag === 'BUTTON' && el.name === 'Checkout');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Checkout' }).waitFor();
      await tabTo((el) => el.tag === 'BUTTON' && el.name === 'Confirm Order');
      await page.keyboard.press('Enter');
      // The sandbox window puts focus on its Pay button once the order is loaded.
      const pay = sandbox(page).getByRole('button', { name: /^Pay ₹/ });
      await poll(() => pay.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: MESSAGES.orderConfirmed }).waitFor();
      console.log(`keyboard-only purchase: ${tabs} Tab presses (${label})`);
    } finally {
      await context.close();
    }
  }, 120_000);
});
