/**
 * The product page's quantity breaks (docs/shop-rules.md#business-prices): each range of quantities and its unit
 * price, from the buyer's 1-unit price the server sent, by the shared quantityBreakRows; and the order quantity
 * note (minimum, pack size).
 */
import { formatPrice, MESSAGES, quantityBreakRows, toPaise, toRupees, type Product } from '@pumpkart/shared';

export function QuantityBreaks({ product, price }: { product: Product; price: number }) {
  const rows = quantityBreakRows(toPaise(price), product.quantityBreaks, product.minOrderQty);
  if (rows.length === 0) return null;
  return (
    <table className="w-full max-w-xs text-sm" data-testid="quantity-breaks">
      <caption className="mb-1 text-left font-medium text-slate-700">{MESSAGES.quantityBreaksCaption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.from} className="border-t border-slate-200">
            <td className="py-1 pr-3 text-slate-600">
              {row.to === null ? `${row.from}+` : row.from === row.to ? `${row.from}` : `${row.from}–${row.to}`}
            </td>
            <td className="py-1 text-right font-semibold tabular-nums">{formatPrice(toRupees(row.paise))} each</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Sold in packs of 10, from 20 units." when the product has either rule; null otherwise. */
export function orderQuantityNote(product: Pick<Product, 'minOrderQty' | 'packSize'>): string | null {
  const parts = [
    product.packSize > 1 ? `Sold in packs of ${product.packSize}` : null,
    product.minOrderQty > 1 ? `from ${product.minOrderQty} units` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
