// Development aid (e-invoicing screenshots): turns e-invoicing on in a running demo shop and places three B2B COD
// orders as the demo customer, marks them paid (issuing their invoices), and cancels one (a credit note).
//   node scripts/einvoice-shots/demo.mjs http://localhost:3471
const origin = process.argv[2] ?? 'http://localhost:3000';
const call = async (method, path, token, body) => {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
};
const login = async (email, password) => (await call('POST', '/api/auth/login', null, { email, password })).token;
const admin = await login('admin@pumpkart.in', 'admin123');
const settings = await call('GET', '/api/settings/store');
await call('PUT', '/api/settings/store', admin, { ...settings, einvoiceEnabled: true });
const buyer = await login(
  process.env.BUYER_EMAIL ?? 'customer@pumpkart.in',
  process.env.BUYER_PASSWORD ?? 'customer123',
);
const products = (await call('GET', '/api/products?limit=12')).filter(
  (product) => product.stock > 0 && product.price < 50_000,
);
// The delivery charge's tiers (packages/shared/src/delivery.ts), in paise.
const shippingOf = (paise) =>
  Math.round((paise * (paise >= 5_000_000 ? 2 : paise >= 1_000_000 ? 4 : paise >= 100_000 ? 6 : 8)) / 100);
const address = {
  recipientName: 'Vikram Rao',
  recipientPhone: '9845012345',
  line1: 'Plot 14, Peenya Industrial Area',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560058',
  country: 'India',
};
const orders = [];
for (const [index, product] of products.slice(0, 3).entries()) {
  const items = [{ product: product._id, variantId: null, title: product.title, price: product.price, quantity: 1 }];
  const quote = await call('POST', '/api/orders', buyer, {
    customer: {
      name: 'Vikram Rao',
      email: 'vikram@shreefuels.in',
      phone: '9845012345',
      gstin: '29AABFB1234C1Z4',
      businessName: 'Shree Fuels LLP',
    },
    address,
    items,
    shipping: shippingOf(Math.round(product.price * 100)) / 100,
    total: (Math.round(product.price * 100) + shippingOf(Math.round(product.price * 100))) / 100,
    paymentMode: 'cod',
  }).catch((error) => ({ error: String(error) }));
  if (quote.error) {
    console.error(quote.error);
    continue;
  }
  const order = quote.order ?? quote.data;
  await call('PATCH', `/api/payments/${order._id}/cod`, admin);
  orders.push(order._id);
  console.log('order', index, order._id);
}
console.log(JSON.stringify(orders));
