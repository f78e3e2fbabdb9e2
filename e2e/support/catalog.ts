// Products of a journey's own, so that what it changes (prices, stock, order quantities) touches no product other
// journeys pick: made and edited through the product form's API (multipart, as the back office sends it, with a
// copy of a demo product's picture, since a product on sale needs one), and switched off when the journey ends.
import { api, type ApiProduct } from './api';
import { baseUrl } from './browser';

export interface NewProduct {
  title: string;
  category: string;
  price: number;
  stock: number;
  /** Order quantities (docs/shop-rules.md#business-prices); the form's defaults when left out. */
  minOrderQty?: number;
  packSize?: number;
}

type Fields = Record<string, string>;

/** Sends the product form (POST a new product, PUT an edit); answers the saved product. */
async function sendForm(token: string, method: 'POST' | 'PUT', path: string, fields: Fields, picture?: Blob) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (picture) form.append('images', picture, 'picture.jpg');
  const response = await fetch(`${baseUrl()}/api/products${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /products${path}: ${response.status} ${text}`);
  const saved = JSON.parse(text) as ApiProduct & { notice?: string };
  if (saved.notice) throw new Error(`saved as a draft: ${saved.notice}`);
  return saved;
}

/** The bytes of a demo product's first picture. */
async function demoPicture(): Promise<Blob> {
  const products = await api<ApiProduct[]>('GET', '/products?limit=20');
  const url = products.find((product) => product.images.length > 0)!.images[0]!.url;
  const response = await fetch(new URL(url, baseUrl()));
  return new Blob([await response.arrayBuffer()], { type: response.headers.get('content-type') ?? 'image/jpeg' });
}

const formOf = (product: NewProduct): Fields => ({
  title: product.title,
  category: product.category,
  brand: 'JourneyCo',
  price: product.price.toFixed(2),
  stock: String(product.stock),
  active: 'true',
  hsnCode: '8413',
  gstRate: '18',
  ...(product.minOrderQty ? { minOrderQty: String(product.minOrderQty) } : {}),
  ...(product.packSize ? { packSize: String(product.packSize) } : {}),
});

/** Creates active products without sizes; answers them as the storefront's API does. */
export async function createProducts(token: string, products: NewProduct[]): Promise<ApiProduct[]> {
  const picture = await demoPicture();
  const created = [];
  for (const product of products) created.push(await sendForm(token, 'POST', '', formOf(product), picture));
  return Promise.all(created.map((product) => api<ApiProduct>('GET', `/products/${product._id}`)));
}

/** Changes a product's price or stock, as the owner's edit in the product form does. */
export async function changeProduct(token: string, id: string, change: Partial<NewProduct>) {
  const now = await api<ApiProduct & { minOrderQty: number; packSize: number }>(
    'GET',
    `/products/admin/${id}`,
    undefined,
    token,
  );
  await sendForm(token, 'PUT', `/${id}`, formOf({ ...now, ...change }));
}

/** Takes the journey's products off the storefront, so that later journeys do not meet them. */
export async function retireProducts(token: string, ids: readonly string[]) {
  for (const id of ids) await api('PUT', `/products/${id}`, { active: false }, token).catch(() => undefined);
}
