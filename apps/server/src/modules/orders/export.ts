/**
 * The admin's orders as a CSV file (docs/shop-rules.md#orders-csv): the orders the list shows for the same filters
 * (store/export-rows.ts), newest first, one row per order line: the order, its payment, the buyer and the
 * delivery address, the line, the order's amounts, and the GST of its tax invoice where it has one, taken from the
 * invoice's stored snapshot (never computed a second time). Orders are read EXPORT_BATCH_SIZE at a time by keyset
 * on (created_at, id), each batch with its lines and invoices, so an export holds one batch in memory whatever
 * the number of orders.
 */
import { orderNumber, type AdminOrderFilters } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { csvAmount, type CsvRow } from '../../lib/csv-stream';
import { invoiceFiguresOfOrders, type InvoiceFigures } from '../invoices';
import {
  exportOrderBatches,
  findExportLines,
  type ExportLineRow as LineRow,
  type ExportOrderRow as OrderRow,
} from './store/export-rows';

/** The header row, amounts in rupees with two decimals. */
export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Order id',
  'Placed at (India time)',
  'Order status',
  'Payment mode',
  'Payment status',
  'Transaction id',
  'Buyer name',
  'Business name',
  'Buyer GSTIN',
  'E-mail',
  'Phone',
  'Recipient name',
  'Recipient phone',
  'Address line 1',
  'Address line 2',
  'City',
  'State',
  'Postal code',
  'Country',
  'Product',
  'Size',
  'Quantity',
  'Unit price (₹)',
  'Line total (₹)',
  'HSN',
  'GST rate (%)',
  'Line taxable value (₹)',
  'Line CGST (₹)',
  'Line SGST/UTGST (₹)',
  'Line IGST (₹)',
  'Order subtotal (₹)',
  'Delivery charge (₹)',
  'Order total (₹)',
  'Invoice number',
  'Invoice date',
  'Place of supply',
  'Invoice taxable value (₹)',
  'Invoice CGST (₹)',
  'Invoice SGST/UTGST (₹)',
  'Invoice IGST (₹)',
  'Credit note number',
] as const;

export const EXPORT_BATCH_SIZE = 500;

const INDIA_OFFSET_MS = 330 * 60 * 1000;

/** A moment as India's wall clock, '2026-11-25 14:03' (India keeps +05:30 all year). */
export const indiaDateTime = (at: Date) =>
  new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** The download's name, by the day of the export in India: 'orders-2026-11-25.csv'. */
export const orderCsvFileName = (now: Date) => `orders-${indiaDateTime(now).slice(0, 10)}.csv`;

const amountOrBlank = (paise: number | undefined) => (paise === undefined ? null : csvAmount(paise));

/** One CSV row: an order line with its order, and the line's and the order's GST when invoiced. */
function csvRow(order: OrderRow, line: LineRow, lineIndex: number, invoice: InvoiceFigures | undefined): CsvRow {
  const invoiced = invoice?.goodsLines[lineIndex];
  const { address } = order;
  return [
    orderNumber(order.id),
    order.id,
    indiaDateTime(order.createdAt),
    order.status,
    order.paymentMode,
    order.paymentStatus,
    order.transactionId,
    order.customerName,
    order.businessName,
    order.gstin,
    order.customerEmail,
    order.customerPhone,
    address.recipientName,
    address.recipientPhone,
    address.line1,
    address.line2,
    address.city,
    address.state,
    address.postalCode,
    address.country,
    line.title,
    line.size,
    line.quantity,
    csvAmount(line.unitPricePaise),
    csvAmount(line.subtotalPaise),
    invoiced?.hsn ?? line.hsnCode,
    invoiced?.ratePercent ?? line.gstRate,
    amountOrBlank(invoiced?.taxablePaise),
    amountOrBlank(invoiced?.cgstPaise),
    amountOrBlank(invoiced && invoiced.sgstPaise + invoiced.utgstPaise),
    amountOrBlank(invoiced?.igstPaise),
    csvAmount(order.subtotalPaise),
    csvAmount(order.shippingPaise),
    csvAmount(order.totalPaise),
    invoice?.number ?? null,
    invoice ? indiaDateTime(invoice.issuedAt).slice(0, 10) : null,
    invoice ? `${invoice.placeOfSupply.code}-${invoice.placeOfSupply.name}` : null,
    amountOrBlank(invoice?.totals.taxablePaise),
    amountOrBlank(invoice?.totals.cgstPaise),
    amountOrBlank(invoice && invoice.totals.sgstPaise + invoice.totals.utgstPaise),
    amountOrBlank(invoice?.totals.igstPaise),
    invoice?.creditNoteNumber ?? null,
  ];
}

/** The rows of a batch of orders: their lines (in the invoice's order: title, then id) and invoices. */
async function rowsOfOrders(db: DbOrTx, batch: OrderRow[]): Promise<CsvRow[]> {
  const ids = batch.map((order) => order.id);
  const [lines, invoices] = await Promise.all([findExportLines(db, ids), invoiceFiguresOfOrders(db, ids)]);
  const linesByOrder = new Map<string, LineRow[]>();
  for (const line of lines) {
    const ofOrder = linesByOrder.get(line.orderId);
    if (ofOrder) ofOrder.push(line);
    else linesByOrder.set(line.orderId, [line]);
  }
  return batch.flatMap((order) =>
    (linesByOrder.get(order.id) ?? []).map((line, index) => csvRow(order, line, index, invoices.get(order.id))),
  );
}

/** The CSV rows of the orders matching the filters, newest first, a batch of orders at a time. */
export async function* orderCsvBatches(
  db: DbOrTx,
  filters: AdminOrderFilters,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRow[]> {
  for await (const batch of exportOrderBatches(db, filters, batchSize)) yield await rowsOfOrders(db, batch);
}
