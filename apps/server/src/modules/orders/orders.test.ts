import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, SERVER_MESSAGES } from '@pumpkart/shared';
import { productImages } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  backdateOrder,
  orderBody,
  payOnline,
  paymentOf,
  placeOrder,
  placeOrderOk,
  productStock,
  rowCounts,
  variantStock,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders${url}`, headers: token ? bearer(token) : {} });
const addToCart = (token: string, productId: string, variantId: string | null, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: bearer(token),
    payload: { productId, variantId, quantity },
  });
const cartOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items as unknown[];

/** Everything an order writes: rows and the stock of the given products. */
async function snapshot(productIds: string[]) {
  return { counts: await rowCounts(t.db), stock: await Promise.all(productIds.map((id) => productStock(t.db, id))) };
}

describe('POST /api/orders', () => {
  it('needs a login (401)', async () => {
    expect((await placeOrder(t.app, '', {})).statusCode).toBe(401);
  });

  it('prices the order from the database, reserves stock and answers 201 with the order', async () => {
    const { token, user } = await createTestUser(t.app);
    const plain = await createTestProduct(t.db, { title: 'Fuel Nozzle', price: 450, stock: 10 });
    const sized = await createTestProduct(t.db, {
      title: 'Safety Boots',
      variants: [
        { size: '8', price: 1200.5, stock: 3 },
        { size: '9', price: 1300, stock: 4 },
      ],
    });
    await t.db.insert(productImages).values({
      productId: plain.product.id,
      publicId: `products/${plain.product.id}`,
      width: 640,
      height: 480,
      renditions: [320, 640],
    });
    const body = orderBody([
      { product: plain.product, quantity: 2 },
      { product: sized.product, variant: sized.variants[1], quantity: 1 },
    ]);
    // 2 x 450 + 1300 = 2200: 6 % delivery = 132, total 2332 (docs/shop-rules.md#delivery).
    expect(body.shipping).toBe(132);
    expect(body.total).toBe(2332);
    const res = await placeOrder(t.app, token, body);
    expect(res.statusCode).toBe(201);
    const { message, order } = res.json();
    expect(message).toEqual(expect.any(String));
    expect(order).toMatchObject({
      status: 'pending',
      paymentMode: 'online',
      subtotal: 2200,
      shipping: 132,
      total: 2332,
      customer: body.customer,
      user: { _id: user.id, email: user.email },
      address: testAddress(),
      payment: { mode: 'online', status: 'pending', amount: 2332, transactionId: null, razorpayOrderId: null },
    });
    const boots = order.items.find((i: { title: string }) => i.title === 'Safety Boots');
    expect(boots).toMatchObject({
      quantity: 1,
      price: 1300,
      subtotal: 1300,
      variant: { _id: sized.variants[1]!.id, size: '9' },
      product: { _id: sized.product.id, title: 'Safety Boots' },
    });
    const nozzle = order.items.find((i: { title: string }) => i.title === 'Fuel Nozzle');
    expect(nozzle).toMatchObject({ quantity: 2, price: 450, subtotal: 900, variant: null });
    expect(nozzle.image).toBe(`/uploads/products/${plain.product.id}/640.webp`);
    expect(nozzle.product.images[0].url).toBe(nozzle.image);

    expect(await productStock(t.db, plain.product.id)).toBe(8);
    expect(await variantStock(t.db, sized.variants[1]!.id)).toBe(3);
    expect(await variantStock(t.db, sized.variants[0]!.id)).toBe(3);
    expect(await productStock(t.db, sized.product.id)).toBe(6);
    const payment = await paymentOf(t.db, order._id);
    expect(payment).toMatchObject({ mode: 'online', status: 'pending', gateway: 'sandbox', amountPaise: 233200 });
  });

  it('keeps the ordered lines in the cart of an online order until it is paid', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    await addToCart(token, product.id, null, 2);
    await placeOrderOk(t.app, token, orderBody([{ product, quantity: 2 }]));
    expect(await cartOf(token)).toHaveLength(1);
  });

  it('keeps copies of title, size and unit price when the product changes later', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Old Title', price: 100, stock: 5 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    const { products } = await import('../../db/schema');
    await t.db.update(products).set({ title: 'New Title', pricePaise: 99_900 }).where(eq(products.id, product.id));
    const res = await get(`/${order._id}`, token);
    expect(res.json().data.items[0]).toMatchObject({ title: 'Old Title', price: 100 });
    expect(res.json().data.items[0].product.title).toBe('New Title');
  });

  it('refuses a tampered total with 409 and writes nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 1000, stock: 5 });
    const before = await snapshot([product.id]);
    const body = orderBody([{ product, quantity: 1 }]);
    const res = await placeOrder(t.app, token, { ...body, total: body.total - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.pricesChanged });
    expect(await snapshot([product.id])).toEqual(before);
  });

  it('refuses a tampered line price (even with a matching total) and a tampered shipping', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 1000, stock: 5 });
    const before = await snapshot([product.id]);
    const cheap = orderBody([{ product: { ...product, pricePaise: 100 }, quantity: 1 }]);
    const linePrice = await placeOrder(t.app, token, cheap);
    expect(linePrice.statusCode).toBe(409);
    expect(linePrice.json().message).toBe(SERVER_MESSAGES.pricesChanged);
    const body = orderBody([{ product }]);
    const shipping = await placeOrder(t.app, token, { ...body, shipping: 0, total: body.total - body.shipping });
    expect(shipping.statusCode).toBe(409);
    expect(await snapshot([product.id])).toEqual(before);
  });

  it('names the product that is out of stock, short of stock, inactive or unknown', async () => {
    const { token } = await createTestUser(t.app);
    const helmet = await createTestProduct(t.db, { title: 'Safety Helmet', stock: 2 });
    const empty = await createTestProduct(t.db, { title: 'Air Gauge', stock: 0 });
    const gone = await createTestProduct(t.db, { title: 'Old Dispenser', stock: 5, active: false });
    const before = await snapshot([helmet.product.id]);
    const short = await placeOrder(t.app, token, orderBody([{ product: helmet.product, quantity: 3 }]));
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ message: 'Only 2 left of "Safety Helmet".' });
    const out = await placeOrder(t.app, token, orderBody([{ product: empty.product }]));
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('"Air Gauge" is out of stock.');
    const inactive = await placeOrder(t.app, token, orderBody([{ product: gone.product }]));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('"Old Dispenser" is no longer available.');
    const unknown = await placeOrder(
      t.app,
      token,
      orderBody([{ product: { id: '00000000-0000-4000-8000-000000000000', title: 'Ghost Pump', pricePaise: 100 } }]),
    );
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('"Ghost Pump" is no longer available.');
    // A good line beside a bad one: still nothing written.
    const mixed = await placeOrder(
      t.app,
      token,
      orderBody([{ product: helmet.product, quantity: 1 }, { product: empty.product }]),
    );
    expect(mixed.statusCode).toBe(409);
    expect(await snapshot([helmet.product.id])).toEqual(before);
  });

  it('refuses a variant that is not of the product, and a missing variant, naming the product', async () => {
    const { token } = await createTestUser(t.app);
    const boots = await createTestProduct(t.db, { title: 'Boots', variants: [{ size: '8', price: 100, stock: 3 }] });
    const other = await createTestProduct(t.db, { variants: [{ size: 'S', price: 100, stock: 3 }] });
    const wrong = await placeOrder(t.app, token, orderBody([{ product: boots.product, variant: other.variants[0] }]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/"Boots"/);
    const missing = await placeOrder(t.app, token, orderBody([{ product: boots.product }]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/"Boots"/);
  });

  it('names the size of a variant that is short of stock', async () => {
    const { token } = await createTestUser(t.app);
    const boots = await createTestProduct(t.db, { title: 'Boots', variants: [{ size: '8', price: 100, stock: 1 }] });
    const res = await placeOrder(
      t.app,
      token,
      orderBody([{ product: boots.product, variant: boots.variants[0], quantity: 2 }]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 1 left of "Boots (8)".');
  });

  it('merges duplicate lines of one product and variant, and checks their sum against the stock', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Hose', price: 200, stock: 3 });
    const merged = await placeOrderOk(
      t.app,
      token,
      orderBody([
        { product, quantity: 1 },
        { product, quantity: 2 },
      ]),
    );
    const res = await get(`/${merged._id}`, token);
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.items[0].quantity).toBe(3);
    expect(await productStock(t.db, product.id)).toBe(0);
    const again = await createTestProduct(t.db, { title: 'Hose 2', price: 200, stock: 3 });
    const tooMany = await placeOrder(
      t.app,
      token,
      orderBody([
        { product: again.product, quantity: 2 },
        { product: again.product, quantity: 2 },
      ]),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 3 left of "Hose 2".');
  });

  it("validates customer and address with the checkout's own messages", async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    const body = orderBody([{ product }]);
    const noName = await placeOrder(t.app, token, { ...body, customer: { ...body.customer, name: '  ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(MESSAGES.checkoutCustomerRequired);
    const noCustomer = await placeOrder(t.app, token, { ...body, customer: undefined });
    expect(noCustomer.json().message).toBe(MESSAGES.checkoutCustomerRequired);
    const noCity = await placeOrder(t.app, token, { ...body, address: { ...body.address, city: '' } });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().message).toBe(MESSAGES.checkoutAddressIncomplete);
    const noAddress = await placeOrder(t.app, token, { ...body, address: undefined });
    expect(noAddress.json().message).toBe(MESSAGES.checkoutAddressIncomplete);
    const noItems = await placeOrder(t.app, token, { ...body, items: [] });
    expect(noItems.statusCode).toBe(400);
  });

  it('refuses a phone that is not 10 digits and a postal code that is not 6 (400), writing nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const body = orderBody([{ product }]);
    const before = await snapshot([product.id]);
    const cases: [Partial<typeof body>, string][] = [
      [{ address: { ...body.address, recipientPhone: '98765' } }, 'Phone must be exactly 10 digits.'],
      [{ address: { ...body.address, recipientPhone: '98765432101' } }, 'Phone must be exactly 10 digits.'],
      [{ address: { ...body.address, recipientPhone: '98765abcde' } }, 'Phone must be exactly 10 digits.'],
      [{ customer: { ...body.customer, phone: '+91 98765' } }, 'Phone must be exactly 10 digits.'],
      [{ address: { ...body.address, postalCode: '5600' } }, 'Postal code must be exactly 6 digits.'],
      [{ address: { ...body.address, postalCode: '5600011' } }, 'Postal code must be exactly 6 digits.'],
      [{ address: { ...body.address, postalCode: 'ABC123' } }, 'Postal code must be exactly 6 digits.'],
    ];
    for (const [override, message] of cases) {
      const res = await placeOrder(t.app, token, { ...body, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await snapshot([product.id])).toEqual(before);
  });

  it('refuses cash on delivery while it is disabled (400), writing nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    const before = await snapshot([product.id]);
    const res = await placeOrder(t.app, token, orderBody([{ product }], { paymentMode: 'cod' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.codDisabled });
    expect(await snapshot([product.id])).toEqual(before);
  });
});

describe('cash on delivery when enabled', () => {
  let cod: TestApp;
  beforeAll(async () => {
    cod = await createTestApp({ COD_ENABLED: 'true' });
  });
  afterAll(() => cod?.close());

  it('accepts a COD order, with a pending cod payment, and takes the lines out of the cart at once', async () => {
    const { token } = await createTestUser(cod.app);
    const { product } = await createTestProduct(cod.db, { stock: 4 });
    const keep = await createTestProduct(cod.db, { stock: 4 });
    for (const id of [product.id, keep.product.id]) {
      await cod.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: bearer(token),
        payload: { productId: id, quantity: 1 },
      });
    }
    const res = await placeOrder(cod.app, token, orderBody([{ product, quantity: 2 }], { paymentMode: 'cod' }));
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.paymentMode).toBe('cod');
    expect(order.payment).toMatchObject({ mode: 'cod', status: 'pending' });
    // Unpaid COD orders never expire, so they have no time to pay by.
    expect(order.payBy).toBeNull();
    expect(await paymentOf(cod.db, order._id)).toMatchObject({ gateway: 'cod', status: 'pending' });
    expect(await productStock(cod.db, product.id)).toBe(2);
    const cart = (await cod.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items;
    expect(cart.map((l: { product: { _id: string } }) => l.product._id)).toEqual([keep.product.id]);
    const config = await cod.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json().codEnabled).toBe(true);
  });
});

describe('reading orders', () => {
  it("GET /me answers only the caller's orders, newest first", async () => {
    const buyer = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const first = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await placeOrderOk(t.app, other.token, orderBody([{ product }]));
    const res = await get('/me', buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
    expect((await get('/me')).statusCode).toBe(401);
  });

  it('GET / is for admins only and lists every order newest first', async () => {
    const buyer = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db);
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    expect((await get('/')).statusCode).toBe(401);
    expect((await get('/', buyer.token)).statusCode).toBe(403);
    const res = await get('/', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]._id).toBe(order._id);
  });

  it('GET /:id answers the owner and an admin, and 404 to another buyer (never 403)', async () => {
    const buyer = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db);
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    expect((await get(`/${order._id}`, buyer.token)).json().data._id).toBe(order._id);
    expect((await get(`/${order._id}`, admin.token)).statusCode).toBe(200);
    const probe = await get(`/${order._id}`, other.token);
    expect(probe.statusCode).toBe(404);
    const missing = await get('/00000000-0000-4000-8000-000000000000', buyer.token);
    expect(missing.statusCode).toBe(404);
    expect(probe.json()).toEqual(missing.json());
    expect((await get(`/${order._id}`)).statusCode).toBe(401);
    expect((await get('/not-an-id', buyer.token)).statusCode).toBe(400);
  });

  it('payBy: an unpaid online order can be paid until its placing + ORDER_PAYMENT_TIMEOUT_MIN; paid or cancelled orders have none', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const unpaid = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await backdateOrder(t.db, unpaid._id, 10);
    const placedAt = new Date((await get(`/${unpaid._id}`, buyer.token)).json().data.createdAt).getTime();
    const payBy = (await get(`/${unpaid._id}`, buyer.token)).json().data.payBy;
    expect(new Date(payBy).getTime()).toBe(placedAt + t.config.ORDER_PAYMENT_TIMEOUT_MIN * 60_000);
    // The same on My Orders, and on the answer that placed it.
    const mine = (await get('/me', buyer.token)).json().orders as { _id: string; payBy: string | null }[];
    expect(mine.find((o) => o._id === unpaid._id)!.payBy).toBe(payBy);
    const fresh = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    expect((fresh as { payBy?: unknown }).payBy).toEqual(expect.any(String));

    const paid = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await payOnline(t.app, buyer.token, paid._id);
    expect((await get(`/${paid._id}`, buyer.token)).json().data).toMatchObject({ status: 'processing', payBy: null });

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${fresh._id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', payBy: null });
  });
});
