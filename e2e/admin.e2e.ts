// The admin's journey in a real browser: an admin logs in and sees the
// dashboard charts drawn from the demo data; creates a product with two uploaded images and two
// variants, finds it by search, edits it, makes it inactive (it leaves the storefront) and deletes it.
// After a buyer pays for an order and places a COD order (through the API), the admin finds both in
// the right tables, changes the paid order's status, marks the COD payment paid and sees the dashboard
// figures change. On a tablet the tables scroll inside their box with nothing cut or covered. A
// customer who opens /admin/dashboard never sees admin data.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatIndianNumber,
  MESSAGES,
  toPaise,
  toRupees,
  type OrderDto,
  type PaymentDto,
  type StatsResponse,
} from '@pumpkart/shared';
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
import { loginInBrowser, poll, watchDialogs, watchErrors } from './support/page';

/** A tablet held upright: the admin sidebar collapses and wide tables must scroll. */
const TABLET = { width: 800, height: 1100 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A PNG picture of one colour, made here so that the upload is a real image. */
const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const revenueText = (rupees: number) => `₹${formatIndianNumber(rupees)}`;

/**
 * What is cut, covered or sticking out on the current admin page: the page wider than the window,
 * a table box that does not scroll sideways, a cell whose text is cut, a cell lying over its
 * neighbour (as a pinned column does while the box scrolls), a product card's clamped title, or a
 * chart wider than its card.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`the page is ${root.scrollWidth}px wide`);
    const clipped = (element: Element) =>
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;

    for (const box of Array.from(document.querySelectorAll<HTMLElement>('[role="region"][aria-label$=" table"]'))) {
      const name = box.getAttribute('aria-label');
      if (box.getBoundingClientRect().right > window.innerWidth + 1) problems.push(`${name} sticks out`);
      if (box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX !== 'auto') {
        problems.push(`${name} is wider than its box and does not scroll`);
      }
      for (const row of Array.from(box.querySelectorAll('tr'))) {
        const cells = Array.from(row.children);
        cells.forEach((cell, index) => {
          if (clipped(cell)) problems.push(`${name}: '${cell.textContent}' is cut`);
          const previous = cells[index - 1];
          if (previous && previous.getBoundingClientRect().right > cell.getBoundingClientRect().left + 1) {
            problems.push(`${name}: '${cell.textContent}' lies over '${previous.textContent}'`);
          }
        });
      }
    }
    for (const title of Array.from(document.querySelectorAll('article h3'))) {
      if (clipped(title)) problems.push(`product title '${title.textContent}' is cut`);
    }
    for (const card of Array.from(document.querySelectorAll('[data-testid="chart-box"]'))) {
      const svg = card.querySelector('svg.recharts-surface');
      if (svg && svg.getBoundingClientRect().right > card.getBoundingClientRect().right + 1) {
        problems.push(`the chart '${card.getAttribute('aria-label')}' is wider than its card`);
      }
    }
    return problems;
  });
}

describe('admin journey', () => {
  it('logs in and sees the dashboard drawn from the demo data', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    try {
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.getByTestId('admin-greeting').waitFor();

      const admin = await loginApi(ADMIN);
      const stats = await api<StatsResponse>('GET', '/products/stats', undefined, admin.token);
      expect(stats.products).toBeGreaterThan(0);
      await poll(() => page.getByTestId('stat-Products in Store').textContent()).toBe(
        formatIndianNumber(stats.products),
      );
      expect(await page.getByTestId('stat-Total Revenue').textContent()).toBe(revenueText(stats.revenue));
      expect(await page.getByTestId('stat-Total Orders').textContent()).toBe(formatIndianNumber(stats.orders));

      // The 6-month revenue bars are drawn: an svg with one tick per month.
      const revenue = page.getByRole('region', { name: 'Monthly Revenue (last 6 months)' });
      await revenue.locator('svg.recharts-surface').first().waitFor();
      expect(await revenue.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBe(6);
      // The pie and the top-products bars are drawn whenever there are orders, else say so.
      const pie = page.getByRole('region', { name: 'Orders by Status' });
      if (Object.values(stats.ordersStatus).some((count) => count > 0)) {
        await pie.locator('.recharts-pie-sector').first().waitFor();
      } else {
        await pie.getByText('No orders yet.').waitFor();
      }
      const top = page.getByRole('region', { name: 'Top 5 Products' });
      if (stats.topProducts.length > 0) await top.locator('svg.recharts-surface').first().waitFor();
      else await top.getByText('No sales yet.').waitFor();

      // The charts also draw on the analytics page.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
      await page.waitForURL('**/admin/analytics');
      await page.getByRole('region', { name: 'Sales Trend' }).locator('svg.recharts-surface').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('creates a product with two images and two variants, finds, edits, deactivates and deletes it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page, 'accept');
    const errors = watchErrors(page);
    const admin = await loginApi(ADMIN);
    const stamp = Date.now();
    const title = `E2E Diesel Nozzle ${stamp}`;
    const keyword = `zebracode${stamp}`;
    const adminProduct = async () =>
      (await api<ApiProduct[]>('GET', '/products/admin/all', undefined, admin.token)).find((p) =>
        p.title.startsWith(title),
      );
    const storefrontIds = async () => (await api<ApiProduct[]>('GET', `/products?search=${keyword}`)).map((p) => p._id);

    try {
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
      await page.waitForURL('**/admin/products');
      await page.getByRole('article').first().waitFor();

      // Create: two uploaded pictures and two variants.
      await page.getByRole('button', { name: 'Add Product' }).click();
      const form = page.getByRole('dialog', { name: 'Add Product' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill(`Brass nozzle for diesel pumps (${keyword})`);
      await form.getByLabel('Category', { exact: true }).fill('Fuel Dispensers');
      await form.getByLabel('Brand').fill('E2E Brand');
      await form.getByLabel('Add images').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await png(220, 80, 40) },
        { name: 'side.png', mimeType: 'image/png', buffer: await png(40, 90, 220) },
      ]);
      await poll(() => form.getByRole('list', { name: 'New images' }).getByRole('img').count()).toBe(2);
      await form.getByRole('button', { name: 'Add Variant' }).click();
      await form.getByRole('button', { name: 'Add Variant' }).click();
      await form.getByLabel('Variant 1 size').fill('1 inch');
      await form.getByLabel('Variant 1 price').fill('1500');
      await form.getByLabel('Variant 1 stock').fill('5');
      await form.getByLabel('Variant 2 size').fill('2 inch');
      await form.getByLabel('Variant 2 price').fill('2500');
      await form.getByLabel('Variant 2 stock').fill('3');
      await form.getByRole('button', { name: 'Save Product' }).click();
      await form.waitFor({ state: 'detached' });

      const card = page.getByRole('article', { name: title, exact: true });
      await card.waitFor();
      await poll(() => card.getByRole('list', { name: 'Variants' }).getByRole('listitem').allTextContents()).toEqual([
        '1 inch₹1,500.00 · 5 in stock',
        '2 inch₹2,500.00 · 3 in stock',
      ]);
      const created = await adminProduct();
      expect(created?.images).toHaveLength(2);
      expect(created?.variants.map((v) => [v.size, v.price, v.stock])).toEqual([
        ['1 inch', 1500, 5],
        ['2 inch', 2500, 3],
      ]);
      expect(await card.getByRole('img').getAttribute('src')).toBe(created!.images[0]!.url);
      expect(await storefrontIds()).toContain(created!._id);

      // Find it by its description, whatever the case.
      await page.getByRole('searchbox', { name: 'Search products' }).fill(keyword.toUpperCase());
      await poll(() => page.getByRole('article').count()).toBe(1);
      await card.waitFor();

      // Edit: new title and a new price for the second variant; both variants keep their identity.
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Product' });
      expect(await edit.getByLabel('Variant 2 size').inputValue()).toBe('2 inch');
      await edit.getByLabel('Title').fill(`${title} Pro`);
      await edit.getByLabel('Variant 2 price').fill('2600');
      await edit.getByRole('button', { name: 'Save Product' }).click();
      await edit.waitFor({ state: 'detached' });
      const edited = page.getByRole('article', { name: `${title} Pro`, exact: true });
      await edited.getByText('2 inch₹2,600.00 · 3 in stock').waitFor();
      const afterEdit = await adminProduct();
      expect(afterEdit?.title).toBe(`${title} Pro`);
      expect(afterEdit?.variants.map((v) => v._id)).toEqual(created!.variants.map((v) => v._id));
      expect(afterEdit?.images).toHaveLength(2);

      // Deactivate: the storefront no longer lists it.
      const activeSwitch = edited.getByRole('switch', { name: 'Active' });
      await activeSwitch.click();
      await poll(() => activeSwitch.getAttribute('aria-checked')).toBe('false');
      await poll(async () => (await adminProduct())?.active).toBe(false);
      await poll(storefrontIds).not.toContain(created!._id);

      // Delete permanently, after the confirmation.
      await edited.getByRole('button', { name: `Delete ${title} Pro` }).click();
      const confirmDelete = page.getByRole('dialog', { name: `Delete ${title} Pro?` });
      await confirmDelete.getByText(MESSAGES.confirmDeleteProduct).waitFor();
      await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
      await edited.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText(MESSAGES.productDeleted).waitFor();
      expect(dialogs).toEqual([]);
      expect(await adminProduct()).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('handles a paid online order and a COD order, and the dashboard figures follow', async () => {
    const admin = await loginApi(ADMIN);
    const buyer = await loginApi(CUSTOMER);
    const before = await api<StatsResponse>('GET', '/products/stats', undefined, admin.token);

    const simple = await simpleProducts();
    expect(simple.length).toBeGreaterThanOrEqual(2);
    const online = await placeOrder(buyer, simple[0]!, 'online');
    await payOnline(buyer, online);
    const cod = await placeOrder(buyer, simple[1]!, 'cod');

    const { context, page } = await newPage(browser, DESKTOP);
    const dialogs = watchDialogs(page, 'accept');
    const errors = watchErrors(page);
    try {
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL('**/admin/orders');

      // Each order is in its own table.
      const codTable = page.getByRole('region', { name: 'COD Orders', exact: true });
      const onlineTable = page.getByRole('region', { name: 'Online Orders', exact: true });
      await onlineTable.getByRole('button', { name: `View order ${shortId(online._id)}` }).waitFor();
      await codTable.getByRole('button', { name: `View order ${shortId(cod._id)}` }).waitFor();
      expect(await codTable.getByRole('button', { name: `View order ${shortId(online._id)}` }).count()).toBe(0);
      expect(await onlineTable.getByRole('button', { name: `View order ${shortId(cod._id)}` }).count()).toBe(0);

      // The paid online order: change its status.
      await onlineTable.getByRole('button', { name: `View order ${shortId(online._id)}` }).click();
      const onlineDialog = page.getByRole('dialog', { name: `Order ${shortId(online._id)}` });
      await onlineDialog.getByText(`${simple[0]!.title} x 1 = `).waitFor();
      const onlineStatus = onlineDialog.getByRole('combobox', { name: 'Order status' });
      expect(await onlineStatus.isEnabled()).toBe(true);
      // "shipped" asks for the courier and tracking number first (docs/shop-rules.md#order-status).
      await onlineStatus.selectOption('shipped');
      const shipForm = onlineDialog.getByRole('form', { name: `Ship order #${shortId(online._id)}` });
      await shipForm.getByLabel('Courier').fill('Blue Dart');
      await shipForm.getByLabel('Tracking number').fill('12345678901');
      // Above ₹50,000 the form also asks for the e-way bill (docs/shop-rules.md#e-way-bills).
      const ewayBill = shipForm.getByLabel('E-way bill number');
      if (await ewayBill.count()) {
        await ewayBill.fill('123456789012');
        await shipForm.getByLabel('Vehicle number').fill('MH12AB1234');
      }
      await shipForm.getByRole('button', { name: MESSAGES.shipmentFormSubmit }).click();
      await poll(
        async () => (await api<{ data: OrderDto }>('GET', `/orders/${online._id}`, undefined, admin.token)).data.status,
      ).toBe('shipped');
      expect(
        (await api<{ data: OrderDto }>('GET', `/orders/${online._id}`, undefined, admin.token)).data.shipment,
      ).toMatchObject({ courier: 'Blue Dart', trackingNumber: '12345678901', trackingUrl: null });
      await poll(() => onlineStatus.inputValue()).toBe('shipped');
      await page.keyboard.press('Escape');
      await onlineDialog.waitFor({ state: 'detached' });
      await poll(() =>
        onlineTable
          .getByRole('row')
          .filter({ hasText: shortId(online._id) })
          .getByText('shipped')
          .count(),
      ).toBe(1);

      // The COD order: the dropdown waits for the payment; Mark as Paid settles it.
      await codTable.getByRole('button', { name: `View order ${shortId(cod._id)}` }).click();
      const codDialog = page.getByRole('dialog', { name: `Order ${shortId(cod._id)}` });
      const codStatus = codDialog.getByRole('combobox', { name: 'Order status' });
      expect(await codStatus.isDisabled()).toBe(true);
      await codDialog.getByRole('button', { name: 'Mark as Paid' }).click();
      await codDialog.getByRole('button', { name: 'Mark as Paid' }).waitFor({ state: 'detached' });
      await poll(() => codStatus.isEnabled()).toBe(true);
      const [codPayment] = (
        await api<{ data: PaymentDto[] }>('GET', `/payments?search=${cod._id}`, undefined, admin.token)
      ).data;
      expect(codPayment?.status).toBe('success');
      await page.keyboard.press('Escape');
      expect(dialogs).toEqual([]);

      // Payments: each payment in its table, both successful.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
      await page.waitForURL('**/admin/PaymentInfo');
      const codPayments = page.getByRole('region', { name: 'COD Payments', exact: true });
      const onlinePayments = page.getByRole('region', { name: 'Online Payments', exact: true });
      await codPayments
        .getByRole('row')
        .filter({ hasText: shortId(cod._id) })
        .getByText('success')
        .waitFor();
      await onlinePayments
        .getByRole('row')
        .filter({ hasText: shortId(online._id) })
        .getByText('success')
        .waitFor();
      await onlinePayments.getByRole('button', { name: `View payment for order ${shortId(online._id)}` }).click();
      const paymentDialog = page.getByRole('dialog', { name: 'Payment Details' });
      await paymentDialog.getByText(online._id).waitFor();
      await paymentDialog.getByText('Signature').waitFor();
      await page.keyboard.press('Escape');

      // The dashboard counts both orders and both payments.
      const expectedRevenue = toRupees(toPaise(before.revenue) + toPaise(online.total) + toPaise(cod.total));
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/admin/dashboard');
      await poll(() => page.getByTestId('stat-Total Revenue').textContent()).toBe(revenueText(expectedRevenue));
      expect(await page.getByTestId('stat-Total Orders').textContent()).toBe(formatIndianNumber(before.orders + 2));
      await page.getByRole('region', { name: 'Orders by Status' }).locator('.recharts-pie-sector').first().waitFor();
      await page.getByRole('region', { name: 'Top 5 Products' }).locator('svg.recharts-surface').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is usable on a tablet: tables scroll inside their box and nothing is cut or covered', async () => {
    const buyer = await loginApi(CUSTOMER);
    const simple = await simpleProducts();
    const online = await placeOrder(buyer, simple[0]!, 'online');
    await payOnline(buyer, online);
    const cod = await placeOrder(buyer, simple[1]!, 'cod');

    const { context, page } = await newPage(browser, TABLET);
    const errors = watchErrors(page);
    try {
      await loginInBrowser(page, ADMIN, '**/admin/dashboard');
      await page.getByRole('region', { name: 'Monthly Revenue (last 6 months)' }).locator('svg').first().waitFor();
      expect(await layoutProblems(page)).toEqual([]);

      // The sidebar sits behind the menu button; the Orders link opens the orders.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL('**/admin/orders');
      const codTable = page.getByRole('region', { name: 'COD Orders', exact: true });
      const onlineTable = page.getByRole('region', { name: 'Online Orders', exact: true });
      await codTable.getByRole('button', { name: `View order ${shortId(cod._id)}` }).waitFor();
      await onlineTable.getByRole('button', { name: `View order ${shortId(online._id)}` }).waitFor();
      // Both order tables have every expected column, Txn ID included.
      const columns = ['Order ID', 'Buyer', 'Total', 'Payment', 'Status', 'Placed', 'Txn ID', 'Action'];
      expect(await codTable.getByRole('columnheader').allTextContents()).toEqual(columns);
      expect(await onlineTable.getByRole('columnheader').allTextContents()).toEqual(columns);
      // The orders do not fit 800 px: their box scrolls instead of clipping Placed or Txn ID.
      const box = page.getByRole('region', { name: 'Online Orders table' });
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await layoutProblems(page)).toEqual([]);
      const onlineRow = onlineTable.getByRole('row').filter({ hasText: shortId(online._id) });
      const transactionId = (
        await api<{ data: OrderDto }>('GET', `/orders/${online._id}`, undefined, (await loginApi(ADMIN)).token)
      ).data.payment?.transactionId;
      expect(transactionId).toBeTruthy();
      await onlineRow.getByText(transactionId!, { exact: true }).scrollIntoViewIfNeeded();
      // The View button is reached by scrolling the box, and opens the order.
      await onlineRow.getByRole('button', { name: `View order ${shortId(online._id)}` }).click();
      const dialog = page.getByRole('dialog', { name: `Order ${shortId(online._id)}` });
      await dialog.getByText(transactionId!, { exact: true }).waitFor();
      const dialogBox = await dialog.boundingBox();
      expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(TABLET.width);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      for (const [path, ready] of [
        [
          '/admin/PaymentInfo',
          page.getByRole('region', { name: 'Online Payments', exact: true }).getByRole('row').nth(1),
        ],
        ['/admin/products', page.getByRole('article').first()],
        ['/admin/analytics', page.getByRole('region', { name: 'Sales Trend' }).locator('svg').first()],
      ] as const) {
        await page.goto(path);
        await ready.waitFor();
        expect({ path, problems: await layoutProblems(page) }).toEqual({ path, problems: [] });
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('never shows admin data to a customer or a visitor', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    try {
      // A visitor is sent to the login page.
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/login');

      // A customer is sent home.
      await loginInBrowser(page, CUSTOMER);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/admin/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/admin/orders');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByText('Total Revenue').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);

      // The browser never asked for admin data or downloaded the admin bundle.
      const adminCalls = requests.filter(
        (path) =>
          path === '/api/products/stats' ||
          path === '/api/products/admin/all' ||
          path === '/api/orders' ||
          path === '/api/payments',
      );
      expect(adminCalls).toEqual([]);
      expect(requests.filter((path) => /\/assets\/(admin-app|stats-charts|dashboard-page)-/.test(path))).toEqual([]);

      // And the server refuses them to a customer anyway.
      const buyer = await loginApi(CUSTOMER);
      await expect(api('GET', '/products/stats', undefined, buyer.token)).rejects.toThrow(/403/);
      await expect(api('GET', '/orders', undefined, buyer.token)).rejects.toThrow(/403/);
    } finally {
      await context.close();
    }
  });
});
