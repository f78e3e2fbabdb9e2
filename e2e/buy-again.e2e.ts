// Buying again in a real browser, at desktop width and on a 360 px phone (docs/shop-rules.md#buying-again): a buyer
// with a past order clicks "Order again" on the order's page; a price that changed meanwhile and a product now short
// of stock are said plainly in the dialog; "Order again" in My orders then says the cart already holds all there is.
// On the Quick order page the buyer pastes SKU,quantity lines (one unknown SKU, one not a whole pack), sees each line
// checked, and adds the good one. Axe finds nothing serious; nothing scrolls sideways; no page error.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTotals, toPaise, toRupees, type OrderDto } from '@pumpkart/shared';
import {
  ADMIN,
  api,
  loginApi,
  ORDER_ADDRESS,
  registerBuyer,
  shortId,
  storeSession,
  type ApiProduct,
  type LoginAnswer,
} from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { changeProduct, createProducts, retireProducts } from './support/catalog';
import { watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-buy-again';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A cash-on-delivery order of these lines, priced as the server prices them. */
async function pastOrder(buyer: LoginAnswer, lines: { product: ApiProduct; quantity: number }[]) {
  const items = lines.map(({ product, quantity }) => ({
    product: product._id,
    variantId: null,
    title: product.title,
    price: product.price,
    quantity,
  }));
  const totals = orderTotals(items.map((item) => ({ unitPricePaise: toPaise(item.price), quantity: item.quantity })));
  const answer = await api<{ order: OrderDto }>(
    'POST',
    '/orders',
    {
      customer: { name: buyer.user.name, email: buyer.user.email, phone: buyer.user.phone },
      address: ORDER_ADDRESS,
      items,
      shipping: toRupees(totals.shippingPaise),
      total: toRupees(totals.totalPaise),
      paymentMode: 'cod',
    },
    buyer.token,
  );
  return answer.order;
}

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('buying again (%s)', (size, viewport) => {
  it('orders again with what changed said, then checks a pasted quick order line by line', async () => {
    const owner = await loginApi(ADMIN);
    const [category] = await api<string[]>('GET', '/products/categories/list');
    const stamp = `${size} ${Date.now().toString(36)}`;
    const [pump, hose, gloves] = await createProducts(owner.token, [
      { title: `Again Pump ${stamp}`, category: category!, price: 1850, stock: 20 },
      { title: `Again Hose ${stamp}`, category: category!, price: 400, stock: 20 },
      { title: `Again Gloves ${stamp}`, category: category!, price: 90, stock: 50, packSize: 10 },
    ]);
    const { context, page } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    try {
      const buyer = await loginApi(await registerBuyer('again', 'Kiran Buyer', '9123456703'));
      const order = await pastOrder(buyer, [
        { product: pump!, quantity: 1 },
        { product: hose!, quantity: 3 },
      ]);
      // Meanwhile the pump's price went up and the hose ran short.
      await changeProduct(owner.token, pump!._id, { price: 1990 });
      await changeProduct(owner.token, hose!._id, { stock: 2 });

      await storeSession(page, buyer, '/');
      await page.goto(`/order/${order._id}`);
      await appOnScreen(page);
      const label = `Order again: the items of Order #${shortId(order._id)}`;
      await page.getByRole('button', { name: label }).click();
      const dialog = page.getByRole('dialog', { name: 'Order again' });
      await dialog.getByText('Price was ₹1,850/-, now ₹1,990/-.').waitFor();
      await dialog.getByText('Only 2 items in stock.').waitFor();
      await dialog.getByText("2 of 2 items added to your cart at today's prices.").waitFor();
      await expectNoSeriousViolations(page, `order again ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `order-again-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Keep shopping' }).click();
      await dialog.waitFor({ state: 'detached' });

      // From My orders: the cart already holds every hose there is, and says so.
      await page.goto('/order');
      await page.getByRole('button', { name: label }).click();
      const again = page.getByRole('dialog', { name: 'Order again' });
      await again.getByText('Your cart already holds all 2 in stock.').waitFor();
      await expectNoSeriousViolations(page, `order again from my orders ${size}`);
      await shot(page, `order-again-my-orders-${viewport.width}`);
      await again.getByRole('link', { name: 'Go to cart' }).click();
      await page.waitForURL('**/cart');
      await page.getByTestId('cart-line').filter({ hasText: pump!.title }).waitFor();

      // The quick order: a pasted CSV, each line checked before anything reaches the cart.
      await page.goto('/quick-order');
      await page
        .getByLabel('SKUs and quantities')
        .fill(`SKU,Quantity\n${gloves!._id},25\nNO-SUCH-SKU,1\n${pump!._id},2`);
      await page.getByRole('button', { name: 'Check lines' }).click();
      const checked = page.getByRole('region', { name: /lines can be added/ });
      await checked.getByText('Unknown SKU.').waitFor();
      await checked.getByText(/sold in packs of 10/).waitFor();
      await checked.getByRole('heading', { name: '1 of 3 lines can be added, 2 cannot' }).waitFor();
      await expectNoSeriousViolations(page, `quick order checked ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `quick-order-${viewport.width}`);
      await checked.getByRole('button', { name: 'Add 1 line to cart' }).click();
      await checked.getByRole('status').filter({ hasText: '1 line added to your cart.' }).waitFor();
      const cart = await api<{ items: { product: { _id: string }; quantity: number }[] }>(
        'GET',
        '/cart',
        undefined,
        buyer.token,
      );
      expect(cart.items.find((line) => line.product._id === pump!._id)?.quantity).toBe(4);
      expect(cart.items.some((line) => line.product._id === gloves!._id)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await retireProducts(owner.token, [pump!._id, hose!._id, gloves!._id]);
    }
  });
});
