// Business prices in a real browser, at desktop width and on a 360 px phone (docs/shop-rules.md#business-prices):
// the owner creates a price list on the back office's Price lists page (a category's 10 % off and a fixed price for
// one product), assigns it to a business, and sets another product's minimum order quantity, pack size and quantity
// break on the product form. The business's buyer sees the list price struck through beside their price on the
// category page and the product page, types a quantity that is not a whole pack (told why), adds whole packs, reaches
// the break in the cart (a lower unit price), and checks out to the outlet, cash on delivery, at those prices (the
// order's lines keep them). A buyer in no business sees list prices. Axe finds nothing serious; nothing scrolls
// sideways.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath, type OrderDto } from '@pumpkart/shared';
import { ADMIN, api, loginApi, ORDER_ADDRESS, registerBuyer, storeSession, uniqueEmail } from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { createProducts, retireProducts } from './support/catalog';
import { receivedMail } from './support/mail';
import { poll, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-price-lists';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A business (no approval limit) with an outlet, and a person invited to it as buyer who accepted; their login. */
async function businessWithBuyer(legalName: string) {
  const admin = await loginApi(await registerBuyer('pl-admin', 'Meera Admin', '9123456711'));
  await api(
    'POST',
    '/business',
    { legalName, gstin: null, billingAddress: ORDER_ADDRESS, approvalLimit: null },
    admin.token,
  );
  await api(
    'POST',
    '/business/outlets',
    { name: 'Highway COCO', address: ORDER_ADDRESS, brand: 'IOCL', dealerCode: 'IOC-77' },
    admin.token,
  );
  const email = uniqueEmail('pl-buyer');
  await api('POST', '/auth/register', {
    name: 'Ravi Buyer',
    email,
    phone: '9123456712',
    password: 'pumpkart-buyer-42',
  });
  await api('POST', '/business/invitations', { email, role: 'buyer' }, admin.token);
  const mail = await receivedMail(email, /^Join /);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.html ?? mail.text ?? '')![1];
  const buyer = await loginApi({ email, password: 'pumpkart-buyer-42' });
  await api('POST', '/business/invitations/accept', { token }, buyer.token);
  return buyer;
}

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('business prices (%s)', (size, viewport) => {
  it('are set by the owner and bought at by the business, not by others', async () => {
    const owner = await loginApi(ADMIN);
    const [category] = await api<string[]>('GET', '/products/categories/list');
    const stamp = `${size} ${Date.now().toString(36)}`;
    const legalName = `Prices ${stamp} Fuels Pvt Ltd`;
    const [pump, gloves] = await createProducts(owner.token, [
      { title: `PL Pump ${stamp}`, category: category!, price: 1000, stock: 40 },
      { title: `PL Gloves ${stamp}`, category: category!, price: 200, stock: 200 },
    ]);
    const buyer = await businessWithBuyer(legalName);
    const ownerSide = await newPage(browser, viewport);
    const buyerSide = await newPage(browser, viewport);
    const errors = [...watchErrors(ownerSide.page), ...watchErrors(buyerSide.page)];
    try {
      // The owner: a price list with a category's 10 % off and a fixed ₹850 for the pump, assigned to the business.
      const { page } = ownerSide;
      await storeSession(page, owner, '/');
      await page.goto('/admin/price-lists');
      await page.getByRole('button', { name: 'New price list' }).click();
      const editor = page.getByRole('region', { name: 'New price list' });
      await editor.getByLabel('Name').fill(`Dealers ${stamp}`);
      await editor.getByRole('button', { name: 'Add a category rule' }).click();
      await editor.getByLabel('Category of rule 1').selectOption(category!);
      await editor.getByLabel('Percent off of rule 1').fill('10');
      await editor.getByLabel('Find a product to price').fill(pump!.title);
      await editor.getByRole('button', { name: 'Find', exact: true }).click();
      await editor.getByRole('button', { name: `Add a price for ${pump!.title}` }).click();
      await editor.getByLabel(`Price of ${pump!.title}`).fill('850');
      await editor.getByRole('button', { name: 'Save price list' }).click();
      const saved = page.getByRole('region', { name: `Dealers ${stamp}` });
      await saved.getByLabel('Filter businesses by legal name').fill(legalName);
      await saved.getByRole('checkbox', { name: legalName }).check();
      await saved.getByRole('button', { name: 'Save businesses' }).click();
      await poll(
        async () =>
          (
            await api<{ businessCount: number; name: string }[]>('GET', '/admin/price-lists', undefined, owner.token)
          ).find((list) => list.name === `Dealers ${stamp}`)?.businessCount,
      ).toBe(1);
      await expectNoSeriousViolations(page, `price list ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `price-list-${viewport.width}`);

      // The gloves: from 2 units, in packs of 2, 10 % off from 6 units (the shop's settings cap a line at 10 units).
      await page.goto('/admin/products');
      await page.getByRole('searchbox', { name: 'Search products' }).fill(gloves!.title);
      // The search settles first (the list is re-read as it is typed), so that the form opened is not closed by it.
      await poll(() => page.getByRole('article').count()).toBe(1);
      const card = page.getByRole('article', { name: gloves!.title, exact: true });
      await card.getByRole('button', { name: `Edit ${gloves!.title}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Product' });
      // The form fills in once the product is read: type after that.
      await poll(() => form.getByLabel('Title').inputValue()).toBe(gloves!.title);
      await form.getByLabel('Minimum order quantity').fill('2');
      await form.getByLabel('Pack size').fill('2');
      await form.getByLabel('Quantity breaks (units:% off)').fill('6:10');
      await expectNoSeriousViolations(page, `product order quantities ${size}`);
      await shot(page, `product-form-${viewport.width}`);
      await form.getByRole('button', { name: 'Save Product' }).click();
      await form.waitFor({ state: 'detached' });

      // The buyer: list prices struck through beside theirs, on the category page and the product page.
      const other = buyerSide.page;
      await storeSession(other, buyer, '/');
      await other.goto(`${categoryPath(category!)}?sort=newest`);
      await appOnScreen(other);
      const pumpCard = other.getByRole('article', { name: pump!.title, exact: true });
      await pumpCard.getByTestId('list-price').filter({ hasText: '1,000' }).waitFor();
      await pumpCard.getByText(/₹850/).first().waitFor();
      const glovesCard = other.getByRole('article', { name: gloves!.title, exact: true });
      await glovesCard.getByTestId('list-price').filter({ hasText: '200' }).waitFor();
      await glovesCard.getByText(/₹180/).first().waitFor();
      await expectNoSeriousViolations(other, `category with business prices ${size}`);
      expect(await sideways(other)).toBeLessThanOrEqual(0);
      await shot(other, `category-${viewport.width}`);

      await other.goto(`/product/${gloves!._id}`);
      const product = other.getByRole('dialog', { name: gloves!.title }).or(other.getByRole('main'));
      await product.getByTestId('list-price').first().waitFor();
      await product.getByText('Prices by quantity').waitFor();
      const quantity = product.getByLabel('Quantity', { exact: true });
      await quantity.fill('5');
      await product.getByRole('button', { name: /Add to Cart/ }).click();
      await other
        .getByText(`"${gloves!.title}" is sold in packs of 2: please order a multiple of 2.`)
        .first()
        .waitFor();
      await expectNoSeriousViolations(other, `product page business prices ${size}`);
      await shot(other, `product-${viewport.width}`);
      await quantity.fill('4');
      await product.getByRole('button', { name: /Add to Cart/ }).click();
      await poll(
        async () => (await api<{ items: unknown[] }>('GET', '/cart', undefined, buyer.token)).items.length,
      ).toBe(1);
      await api('POST', '/cart/add', { productId: pump!._id, variantId: null, quantity: 1 }, buyer.token);

      // The cart: typed up to the break, the gloves' unit price falls from ₹180 to ₹162.
      await other.goto('/cart');
      const glovesLine = other.getByTestId('cart-line').filter({ hasText: gloves!.title });
      await glovesLine.getByText(/₹180.*each/).waitFor();
      const typed = glovesLine.getByRole('spinbutton', { name: `Quantity of ${gloves!.title}`, exact: true });
      await typed.fill('6');
      await typed.press('Enter');
      await glovesLine.getByText(/₹162.*each/).waitFor();
      await glovesLine.getByTestId('line-list-price').waitFor();
      await expectNoSeriousViolations(other, `cart with business prices ${size}`);
      expect(await sideways(other)).toBeLessThanOrEqual(0);
      await shot(other, `cart-${viewport.width}`);

      // Checkout to the outlet, cash on delivery, at the cart's prices; the order's lines keep the business's prices.
      const checkout = other.getByRole('button', { name: 'Checkout', exact: true });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = other.getByRole('dialog', { name: 'Checkout' });
      await modal.getByRole('group', { name: 'Deliver to outlet' }).getByRole('radio').first().check();
      const cod = modal.getByRole('radio', { name: /Cash on delivery/ });
      await poll(() => cod.isEnabled()).toBe(true);
      await cod.check();
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await other.waitForURL('**/order/*');
      const orderId = new URL(other.url()).pathname.split('/').pop()!;
      const order = (await api<{ data: OrderDto }>('GET', `/orders/${orderId}`, undefined, buyer.token)).data;
      const prices = Object.fromEntries(order.items.map((item) => [item.title, [item.price, item.quantity]]));
      expect(prices).toEqual({ [pump!.title]: [850, 1], [gloves!.title]: [162, 6] });
      await other.getByText(gloves!.title).first().waitFor();
      await shot(other, `order-${viewport.width}`);

      // A buyer in no business sees the list prices.
      const consumer = await loginApi(await registerBuyer('pl-consumer', 'Asha Consumer', '9123456713'));
      await storeSession(other, consumer, '/');
      await other.goto(`${categoryPath(category!)}?sort=newest`);
      const consumerCard = other.getByRole('article', { name: pump!.title, exact: true });
      await consumerCard
        .getByText(/₹1,000/)
        .first()
        .waitFor();
      expect(await consumerCard.getByTestId('list-price').count()).toBe(0);
      await shot(other, `category-consumer-${viewport.width}`);
      expect(errors).toEqual([]);
    } finally {
      await ownerSide.context.close();
      await buyerSide.context.close();
      await retireProducts(owner.token, [pump!._id, gloves!._id]);
    }
  }, 180_000);
});
