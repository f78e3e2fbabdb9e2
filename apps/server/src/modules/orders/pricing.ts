/**
 * Server-side pricing of an order (docs/shop-rules.md#orders, #delivery, #business-prices): every line is priced
 * from the database (variant price, else product price, at the buyer's price list and the quantity break), the delivery charge and total come from the
 * shared orderTotals, and the client's figures are only checked. Duplicate lines for one
 * product+variant are merged into one line (quantities added; each sent line's price is still
 * checked).
 */
import {
  buyerUnitPrice,
  cartLineKey,
  orderQuantityProblem,
  orderTotals,
  SERVER_MESSAGES,
  serviceDateProblem,
  toPaise,
  variantChoiceOf,
  type CreateOrderBody,
  type OrderTotals,
  type ProductImageDto,
} from '@pumpkart/shared';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { ImageStorage } from '../../storage/image-storage';
import { CART_MESSAGES } from '../cart';
import { certificatesOf } from '../invoices';
import { listRulesFor } from '../price-lists';
import { imagesFromJson } from '../products';
import { findProductsForPricing, type DbOrTx } from './store/orders';
import { STOCK_MESSAGES } from './store/stock';

export interface PricedLine {
  productId: string;
  variantId: string | null;
  title: string;
  size: string | null;
  imageUrl: string | null;
  unitPricePaise: number;
  quantity: number;
  /** The product's tax data at purchase (docs/shop-rules.md#invoices): HSN code (null when not entered). */
  hsnCode: string | null;
  /** Its GST rate and certificate numbers as an invoice prints them. */
  gstRate: number;
  certificates: string[];
  /** A service's booked day (docs/shop-rules.md#service-products); null or absent for goods (and a quote's lines). */
  serviceDate?: string | null;
  /** The product's title, with the size for a variant: how refusals name the line. */
  label: string;
}

/**
 * The order_items rows of an order: each line's title, size, unit price and image are copied, so a
 * later product edit never changes a past order (docs/shop-rules.md#orders), and so are its HSN code,
 * GST rate and certificates, so its invoice uses the tax of the time of sale (docs/shop-rules.md#invoices).
 * The seed writes its demo history through this too.
 */
export function orderItemRows(orderId: string, lines: readonly Omit<PricedLine, 'label'>[]) {
  return lines.map((line) => ({
    orderId,
    productId: line.productId,
    variantId: line.variantId,
    title: line.title,
    size: line.size,
    imageUrl: line.imageUrl,
    unitPricePaise: line.unitPricePaise,
    quantity: line.quantity,
    subtotalPaise: line.unitPricePaise * line.quantity,
    hsnCode: line.hsnCode,
    gstRate: line.gstRate,
    certificates: line.certificates,
    serviceDate: line.serviceDate ?? null,
  }));
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTotals;
  /** The products' images as the order's answer shows them (already read for the lines' own image). */
  images: Map<string, ProductImageDto[]>;
}

type ItemInput = CreateOrderBody['items'][number];

export async function priceOrder(
  db: DbOrTx,
  storage: ImageStorage,
  body: Pick<CreateOrderBody, 'items' | 'shipping' | 'total'>,
  /** The buyer's business's price list, which prices the lines (docs/shop-rules.md#business-prices); null: none. */
  priceListId: string | null,
  now: Date = new Date(),
): Promise<PricedOrder> {
  // Merge duplicate lines, keeping the first one's position.
  const merged = new Map<string, { input: ItemInput; quantity: number }>();
  for (const item of body.items) {
    const key = cartLineKey(item.product, item.variantId);
    const entry = merged.get(key);
    if (entry) entry.quantity += item.quantity;
    else merged.set(key, { input: item, quantity: item.quantity });
  }

  const productIds = [...new Set(body.items.map((item) => item.product))];
  const productRows = await findProductsForPricing(db, productIds);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const images = new Map(productRows.map((row) => [row.id, imagesFromJson(storage, row.images)]));
  const rules = await listRulesFor(
    db,
    priceListId,
    productRows.map((row) => ({ productId: row.id, category: row.category })),
  );

  const lines: PricedLine[] = [];
  for (const { input, quantity } of merged.values()) {
    const product = productById.get(input.product);
    if (!product || !product.active) {
      const name = product?.title ?? input.title ?? 'A product in your cart';
      throw new ConflictError(STOCK_MESSAGES.unavailable(name));
    }
    // Sold only through a quote, whose accepted order is written at the quoted prices (docs/shop-rules.md#quotes).
    if (product.priceOnRequest) throw new ConflictError(CART_MESSAGES.priceOnRequest(product.title));
    const choice = variantChoiceOf(product.variants, input.variantId, (v) => v.id);
    if (choice.problem) throw new BadRequestError(CART_MESSAGES[choice.problem](product.title));
    const variant = choice.variant;

    const label = variant?.size ? `${product.title} (${variant.size})` : product.title;
    const stock = variant ? variant.stock : product.stock;
    if (stock <= 0) throw new ConflictError(STOCK_MESSAGES.outOfStock(label));
    if (quantity > stock) throw new ConflictError(STOCK_MESSAGES.onlyNLeft(stock, label));
    const quantityProblem = orderQuantityProblem(quantity, product, label);
    if (quantityProblem) throw new BadRequestError(quantityProblem);
    const dateProblem = serviceDateProblem(product, input.serviceDate, now);
    if (dateProblem) throw new BadRequestError(dateProblem);
    const listPaise = variant ? variant.pricePaise : product.pricePaise;

    lines.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      title: product.title,
      size: variant?.size ?? null,
      imageUrl: images.get(product.id)?.[0]?.url ?? null,
      // The unit price charged: the buyer's list, then the quantity break at the line's quantity.
      unitPricePaise: buyerUnitPrice(
        { productId: product.id, variantId: variant?.id ?? null, category: product.category, listPaise },
        rules,
        product.quantityBreaks,
        quantity,
      ),
      quantity,
      hsnCode: product.hsnCode,
      gstRate: product.gstRate,
      certificates: certificatesOf(product),
      serviceDate: input.serviceDate ?? null,
      label,
    });
  }

  // Every sent line's price, then the shipping and the total, must be the server's to the paisa.
  const priceByKey = new Map(lines.map((line) => [cartLineKey(line.productId, line.variantId), line.unitPricePaise]));
  for (const item of body.items) {
    if (toPaise(item.price) !== priceByKey.get(cartLineKey(item.product, item.variantId))) {
      throw new ConflictError(SERVER_MESSAGES.pricesChanged);
    }
  }
  const totals = orderTotals(lines);
  if (toPaise(body.shipping) !== totals.shippingPaise || toPaise(body.total) !== totals.totalPaise) {
    throw new ConflictError(SERVER_MESSAGES.pricesChanged);
  }
  return { lines, totals, images };
}
