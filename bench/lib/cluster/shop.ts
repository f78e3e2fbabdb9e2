/**
 * The shop's API as the cluster test's clients use it (bench/cluster.ts): buyers who register and log in, each
 * from their own address; the admin, who logs in and adds and edits products with the product form; orders,
 * sandbox payments and cancellations as the storefront makes them (docs/architecture.md#checkout). Set-up steps
 * throw when the shop refuses them; the steps whose answers the test counts return the answer.
 */
import sharp from 'sharp';
import { onlineOrderBody, type OrderItem } from '../checkout-load';
import { clientAddress, field, HttpClient, messageOf, type Answer } from './http';

export interface Buyer {
  index: number;
  name: string;
  email: string;
  client: HttpClient;
}

export interface Product {
  _id: string;
  title: string;
  price: number;
  stock: number;
  version: number;
}

export interface ProductInput {
  title: string;
  category: string;
  price: number;
  stock: number;
  /** A PNG, sent as the product's image. */
  image?: Buffer;
}

const BUYER_PASSWORD = 'cluster-buyer-password';
/** The header that makes a repeated order request safe (docs/shop-rules.md#orders). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Throws unless the answer has the status expected. */
export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status || 'no answer'} (${messageOf(answer)})`);
  }
  return answer;
}

/** Buyer `index` registers and logs in through `baseUrl`, from its own address (http.ts). */
export async function newBuyer(baseUrl: string, index: number, tag: string): Promise<Buyer> {
  const client = new HttpClient(baseUrl, clientAddress(index));
  const name = `Cluster Buyer ${index + 1}`;
  const email = `cluster.buyer${index + 1}.${tag}@example.com`;
  const phone = `9${String(100_000_000 + index).padStart(9, '0')}`;
  expectStatus(
    await client.post('/api/auth/register', { name, email, phone, password: BUYER_PASSWORD }),
    201,
    `register ${email}`,
  );
  client.token = await logIn(client, email, BUYER_PASSWORD);
  return { index, name, email, client };
}

/** Buyers number `first` to `first + count - 1`, a few at a time (password hashing is CPU-bound). */
export async function newBuyers(baseUrl: string, first: number, count: number, tag: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let start = first; start < first + count; start += 5) {
    const batch = Array.from({ length: Math.min(5, first + count - start) }, (_, i) => start + i);
    buyers.push(...(await Promise.all(batch.map((index) => newBuyer(baseUrl, index, tag)))));
  }
  return buyers;
}

export async function logIn(client: HttpClient, email: string, password: string): Promise<string> {
  const answer = expectStatus(await client.post('/api/auth/login', { email, password }), 200, `log in ${email}`);
  const token = field(answer.body, 'token');
  if (typeof token !== 'string') throw new Error(`log in ${email}: no token in the answer`);
  return token;
}

/** The admin's client, logged in (from 127.0.0.1). */
export async function adminClient(baseUrl: string, email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  client.token = await logIn(client, email, password);
  return client;
}

/** The admin product form's fields (docs/shop-rules.md#catalog), with a version for an edit. */
export function productForm(input: ProductInput, version?: number): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: input.title,
    description: 'A product of the cluster test.',
    category: input.category,
    brand: 'PumpKart Test',
    price: String(input.price),
    stock: String(input.stock),
    lowStockThreshold: '0',
    hsnCode: '84131100',
    gstRate: '18',
  };
  if (version !== undefined) fields.version = String(version);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (input.image) form.append('images', new Blob([new Uint8Array(input.image)], { type: 'image/png' }), 'product.png');
  return form;
}

/** A small picture: a product is on sale only with one (docs/shop-rules.md#on-sale). */
const smallImage = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6fb0' } })
    .png()
    .toBuffer();

export async function createProduct(admin: HttpClient, input: ProductInput): Promise<Product> {
  const image = input.image ?? (await smallImage());
  const answer = await admin.request('POST', '/api/products', { form: productForm({ ...input, image }) });
  return expectStatus(answer, 201, `create the product ${input.title}`).body as Product;
}

/** A noisy picture of about 2.4 MB: more than nginx's default 1 MB body, well under the shop's 5 MB per image. */
export function largeImage(): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
  return sharp({ create: { width: 900, height: 900, channels: 3, background: '#808080', noise } })
    .png()
    .toBuffer();
}

/** An order line of `quantity` units of a product without sizes, at its current price. */
export const lineOf = (product: Pick<Product, '_id' | 'title' | 'price'>, quantity: number): OrderItem => ({
  product: product._id,
  variantId: null,
  title: product.title,
  price: product.price,
  quantity,
});

/** POST /api/orders for an online order, with an Idempotency-Key when given. */
export function placeOrder(buyer: Buyer, items: OrderItem[], idempotencyKey?: string): Promise<Answer> {
  return buyer.client.post('/api/orders', onlineOrderBody(buyer.name, buyer.email, items), {
    headers: idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {},
  });
}

/** The placed order's id, from a 201 answer. */
export const orderIdOf = (answer: Answer) => String(field(field(answer.body, 'order'), '_id'));

/**
 * The online payment as the storefront makes it with the sandbox (docs/architecture.md#checkout): the gateway
 * order, the sandbox window's Pay, then verify. Answers each step's answer; the payment is acknowledged when the
 * last is 200 with status success.
 */
export async function payOnline(buyer: Buyer, orderId: string): Promise<{ paid: boolean; answers: Answer[] }> {
  const answers: Answer[] = [];
  const created = await buyer.client.post('/api/payments/create', { orderId });
  answers.push(created);
  const rzpOrderId = field(created.body, 'rzpOrderId');
  if (created.status !== 200 || typeof rzpOrderId !== 'string') return { paid: false, answers };
  const window = await buyer.client.post('/api/payments/sandbox/pay', { order_id: rzpOrderId });
  answers.push(window);
  if (window.status !== 200) return { paid: false, answers };
  const verified = await buyer.client.post('/api/payments/verify', { ...(window.body as object), orderId });
  answers.push(verified);
  return { paid: verified.status === 200 && field(verified.body, 'status') === 'success', answers };
}

export const cancelOrder = (buyer: Buyer, orderId: string) =>
  buyer.client.request('PATCH', `/api/orders/${orderId}/cancel`);
