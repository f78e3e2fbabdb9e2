// The shop's HTTP API as the browser journeys use it to set up and check their data
// (docs/architecture.md#tests): one typed fetch to `/api/...` of the server under test, the demo
// accounts from the seed, new buyer accounts, a session stored the way the login page stores it,
// and a buyer's order placed and paid online through the sandbox gateway.
import type { Page } from 'playwright-core';
import { orderTotals, toPaise, toRupees, type OrderDto } from '@pumpkart/shared';
import { baseUrl } from './browser';

/** The fields of a product (and its variants and pictures) the journeys read from the API. */
export interface ApiVariant {
  _id: string;
  size: string | null;
  price: number;
  stock: number;
}
export interface ApiImage {
  url: string;
  public_id: string;
}
export interface ApiProduct {
  _id: string;
  title: string;
  category: string;
  price: number;
  stock: number;
  active: boolean;
  images: ApiImage[];
  variants: ApiVariant[];
  /** Goods, a service (booked for a visit date) or an AMC (docs/shop-rules.md#service-products). */
  kind: 'goods' | 'service' | 'amc';
}
export interface ApiOrder {
  _id: string;
  status: string;
  payBy: string | null;
}
export interface LoginAnswer {
  token: string;
  user: Record<string, unknown> & { name: string; email: string; phone: string; role: string };
}

export interface Credentials {
  email: string;
  password: string;
}
/** The seed's demo accounts (the demo configuration of global-setup.ts). */
export const ADMIN: Credentials = { email: 'admin@pumpkart.in', password: 'admin123' };
export const CUSTOMER: Credentials = { email: 'customer@pumpkart.in', password: 'customer123' };

/** Calls the API (JSON in and out, a bearer token when given); a non-2xx answer throws with its body. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
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

export const loginApi = (who: Credentials) => api<LoginAnswer>('POST', '/auth/login', who);

/** An email address no other run has used: `<prefix>-<time>-<random>@example.com`. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Registers a new buyer account under a unique email, and answers how to log in. Its password passes the buyer's
 * policy (docs/shop-rules.md#accounts: 8 characters at least, none of the common passwords the server refuses).
 */
export async function registerBuyer(prefix: string, name: string, phone: string): Promise<Credentials> {
  const who = { email: uniqueEmail(prefix), password: 'pumpkart-buyer-42' };
  await api('POST', '/auth/register', { name, email: who.email, phone, password: who.password });
  return who;
}

/**
 * Stores a session the way the login page does (the API logged in already): opens `at` so that the
 * app's localStorage is reachable, then writes the token and the user's fields.
 */
export async function storeSession(
  page: Page,
  { token, user }: { token: string; user: Record<string, unknown> },
  at = '/',
) {
  await page.goto(at);
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

/** The buyer's own orders (GET /orders/me). */
export const myOrders = async (token: string) =>
  (await api<{ orders: ApiOrder[] }>('GET', '/orders/me', undefined, token)).orders;

/** The catalog's goods without variants that have stock to spare and a price (a service needs a visit date). */
export async function simpleProducts(): Promise<ApiProduct[]> {
  const products = await api<ApiProduct[]>('GET', '/products?limit=100');
  return products.filter((p) => p.kind === 'goods' && p.variants.length === 0 && p.stock >= 3 && p.price > 0);
}

/** The delivery address of the orders placeOrder places. */
export const ORDER_ADDRESS = {
  recipientName: 'Asha Rao',
  recipientPhone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};

/** A buyer's order of one unit of a product without variants, priced as the server prices it. */
export async function placeOrder(buyer: LoginAnswer, product: ApiProduct, paymentMode: 'online' | 'cod') {
  const totals = orderTotals([{ unitPricePaise: toPaise(product.price), quantity: 1 }]);
  const answer = await api<{ order: OrderDto }>(
    'POST',
    '/orders',
    {
      customer: { name: buyer.user.name, email: buyer.user.email, phone: buyer.user.phone || '9876543210' },
      address: ORDER_ADDRESS,
      items: [{ product: product._id, variantId: null, title: product.title, price: product.price, quantity: 1 }],
      shipping: toRupees(totals.shippingPaise),
      total: toRupees(totals.totalPaise),
      paymentMode,
    },
    buyer.token,
  );
  return answer.order;
}

/** Pays an online order through the sandbox gateway the way the payment window does. */
export async function payOnline(buyer: LoginAnswer, order: OrderDto) {
  const created = await api<{ rzpOrderId: string }>('POST', '/payments/create', { orderId: order._id }, buyer.token);
  const paid = await api<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>(
    'POST',
    '/payments/sandbox/pay',
    { order_id: created.rzpOrderId },
    buyer.token,
  );
  await api('POST', '/payments/verify', { ...paid, orderId: order._id }, buyer.token);
}

/** The short order number the shop shows (the last six characters of the id). */
export const shortId = (id: string) => id.slice(-6);
