// The outlet register from the sale to the next sale, in a real browser at desktop width and on a 360 px phone
// (docs/shop-rules.md#assets, #reminders, #service-products): a business orders two dry powder extinguishers to its
// outlet; the owner ships them with their serial numbers and marks them delivered; the buyer's register shows them
// with their tasks. The buyer corrects when one was installed (three years ago, so its refill falls due in 7 days);
// the owner sends today's reminders from the Due tasks page; the reminder arrives through SMTP and its link puts the
// refill in the cart for that outlet, booked for the due day. Axe finds nothing serious; nothing scrolls sideways.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  BOOKING_MESSAGES,
  indiaDateOf,
  MESSAGES,
  orderTotals,
  toPaise,
  toRupees,
  type OrderDto,
} from '@pumpkart/shared';
import { ADMIN, api, loginApi, ORDER_ADDRESS, payOnline, registerBuyer, shortId, type ApiProduct } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { receivedMail } from './support/mail';
import { loginInBrowser, poll, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-outlet-register';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const EXTINGUISHER = 'Ceasefire ABC Powder Fire Extinguisher';
const REFILL = 'Fire Extinguisher Refill (Dry Powder), per Unit';

async function productTitled(title: string): Promise<ApiProduct> {
  const found = await api<ApiProduct[]>('GET', `/products?search=${encodeURIComponent(title)}&limit=20`);
  const product = found.find((candidate) => candidate.title === title);
  if (!product) throw new Error(`no product "${title}" in the demo catalog: ${JSON.stringify(found).slice(0, 300)}`);
  return product;
}

interface RegisterAnswer {
  assets: {
    _id: string;
    serialNumber: string | null;
    make: string;
    model: string;
    complianceCategory: string;
    extinguisherType: string | null;
    installedOn: string;
    manufacturedOn: string | null;
    warrantyEndsOn: string | null;
  }[];
}

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('an outlet register from delivery to the refill (%s)', (size, viewport) => {
  it('delivers with serials, shows the register, reminds by e-mail and puts the refill in the cart', async () => {
    const who = await registerBuyer(`register-journey-${size}`, 'Meena Kulkarni', '9123456744');
    const buyer = await loginApi(who);
    await api(
      'POST',
      '/business',
      { legalName: `Kulkarni Fuels ${size}`, gstin: null, billingAddress: ORDER_ADDRESS, approvalLimit: null },
      buyer.token,
    );
    const outletName = `Kulkarni Fuels, Pune Road (${size})`;
    const { business } = await api<{ business: { outlets: { _id: string; name: string }[] } }>(
      'POST',
      '/business/outlets',
      { name: outletName, address: ORDER_ADDRESS, brand: 'HPCL', dealerCode: 'HP-7781' },
      buyer.token,
    );
    const outletId = business.outlets[0]!._id;

    // Two extinguishers to the outlet, paid online.
    const extinguisher = await productTitled(EXTINGUISHER);
    const size6 = extinguisher.variants[0]!;
    const totals = orderTotals([{ unitPricePaise: toPaise(size6.price), quantity: 2 }]);
    const { order } = await api<{ order: OrderDto }>(
      'POST',
      '/orders',
      {
        customer: { name: buyer.user.name, email: buyer.user.email, phone: '9123456744' },
        address: ORDER_ADDRESS,
        items: [
          {
            product: extinguisher._id,
            variantId: size6._id,
            title: extinguisher.title,
            price: size6.price,
            quantity: 2,
          },
        ],
        shipping: toRupees(totals.shippingPaise),
        total: toRupees(totals.totalPaise),
        paymentMode: 'online',
        outletId,
      },
      buyer.token,
    );
    const admin = await loginApi(ADMIN);
    await payOnline(buyer, order);
    const serials = [`CF-${size}-0001`, `CF-${size}-0002`];

    // The owner ships with the two serial numbers, then marks the order delivered.
    const ownerSide = await newPage(browser, viewport);
    const ownerErrors = watchErrors(ownerSide.page);
    try {
      const { page } = ownerSide;
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      const number = shortId(order._id);
      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `View order ${number}` }).click();
      const detail = page.getByRole('dialog', { name: `Order ${number}` });
      const status = detail.getByRole('combobox', { name: 'Order status' });
      await poll(() => status.isEnabled()).toBe(true);
      await status.selectOption('shipped');
      const form = detail.getByRole('form', { name: MESSAGES.shipmentFormTitle(number) });
      await form.getByLabel('Courier').fill('Delhivery');
      await form.getByLabel('Tracking number').fill(`DLV ${size} ${Date.now() % 1_000_000}`);
      await form.getByText('Serial numbers (optional)').click();
      await form.getByLabel(`${extinguisher.title} × 2`).fill(serials.join('\n'));
      await shot(page, `owner-ship-with-serials-${size}`);
      await form.getByRole('button', { name: MESSAGES.shipmentFormSubmit }).click();
      await form.waitFor({ state: 'detached' });
      await poll(
        async () => (await api<{ data: OrderDto }>('GET', `/orders/${order._id}`, undefined, admin.token)).data.status,
      ).toBe('shipped');
      await status.selectOption('delivered');
      await poll(
        async () => (await api<{ data: OrderDto }>('GET', `/orders/${order._id}`, undefined, admin.token)).data.status,
      ).toBe('delivered');
      expect(ownerErrors).toEqual([]);
    } finally {
      await ownerSide.context.close();
    }

    // The buyer's register: both units, with their serial numbers and tasks.
    const buyerSide = await newPage(browser, viewport);
    const buyerErrors = watchErrors(buyerSide.page);
    try {
      const { page } = buyerSide;
      await loginInBrowser(page, who);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/business');
      await page.getByRole('link', { name: `Register of ${outletName}` }).click();
      await page.getByRole('heading', { name: 'Equipment register' }).waitFor();
      await page.getByText(outletName).first().waitFor();
      for (const serial of serials) await page.getByText(serial, { exact: false }).first().waitFor();
      await page.getByText('Refill extinguisher (dry powder ABC/BC)').first().waitFor();
      await shot(page, `buyer-register-delivered-${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `the outlet register (${size})`);

      // It was installed three years ago: the buyer corrects the date, so its refill (every 36 months) is due in 7 days.
      const today = indiaDateOf(new Date());
      const dueOn = addDays(today, 7);
      const register = await api<RegisterAnswer>(
        'GET',
        `/business/outlets/${outletId}/register`,
        undefined,
        buyer.token,
      );
      const first = register.assets.find((asset) => asset.serialNumber === serials[0])!;
      await api(
        'PATCH',
        `/business/assets/${first._id}`,
        {
          make: first.make,
          model: first.model,
          serialNumber: first.serialNumber,
          complianceCategory: first.complianceCategory,
          extinguisherType: first.extinguisherType,
          installedOn: addMonths(dueOn, -36),
          manufacturedOn: null,
          warrantyEndsOn: first.warrantyEndsOn,
        },
        buyer.token,
      );

      // The owner sends today's reminders (the server's own daily run may have been first: either way, one e-mail).
      const ownerAgain = await newPage(browser, viewport);
      try {
        await loginInBrowser(ownerAgain.page, ADMIN, '**/admin/dashboard');
        await ownerAgain.page.goto('/admin/due-tasks');
        await ownerAgain.page.getByRole('button', { name: "Send today's reminders" }).click();
        await ownerAgain.page
          .getByText(/reminder e-mails? sent\.|No new reminders to send today\./)
          .first()
          .waitFor();
        await shot(ownerAgain.page, `owner-due-tasks-reminders-sent-${size}`);
      } finally {
        await ownerAgain.context.close();
      }
      const mail = await receivedMail(who.email, new RegExp(`Falling due at ${outletName.replace(/[()]/g, '\\$&')}`));
      const link = /href="([^"]*\/book\?[^"]+)"/.exec(mail.html ?? '')?.[1]?.replaceAll('&amp;', '&');
      expect(link, 'the reminder links a booking').toBeTruthy();
      const booking = new URL(link!);
      expect(booking.searchParams.get('outlet')).toBe(outletId);
      expect(booking.searchParams.get('date')).toBe(dueOn);

      // One click: the refill in the cart for that outlet, booked for the due day.
      await page.goto(`${booking.pathname}${booking.search}`);
      await page.getByText(BOOKING_MESSAGES.addedFor(outletName)).waitFor();
      await page.getByText(REFILL).first().waitFor();
      await shot(page, `buyer-cart-refill-booked-${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `the cart with the booked refill (${size})`);
      const cart = await api<{ items: { product: { title: string } | string; serviceDate?: string | null }[] }>(
        'GET',
        '/cart',
        undefined,
        buyer.token,
      );
      expect(JSON.stringify(cart)).toContain(dueOn);
      expect(buyerErrors).toEqual([]);
    } finally {
      await buyerSide.context.close();
    }
  });
});
