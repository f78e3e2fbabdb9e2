/**
 * The dashboard's Low stock card (docs/shop-rules.md#admin): the products and sizes at or below their
 * product's low-stock threshold, worst first (out of stock first), each linking to its edit form on the
 * Products page (?edit=<id>). "Nothing is low on stock." when there are none.
 */
import type { LowStockItem } from '@pumpkart/shared';
import { Link } from 'react-router';
import { useGetLowStockQuery } from '../products/products-api';
import { paths } from '../../config/paths';

/** How many the card lists. */
export const LOW_STOCK_SHOWN = 10;

export const LOW_STOCK_TEXT = {
  title: 'Low stock',
  loading: 'Loading low stock...',
  failed: 'Could not load the low-stock list.',
  empty: 'Nothing is low on stock.',
} as const;

const editLink = (item: LowStockItem) => `${paths.admin.products}?${new URLSearchParams({ edit: item.productId })}`;

function StockText({ item }: { item: LowStockItem }) {
  if (item.stock <= 0) return <span className="font-semibold text-red-700">Out of stock</span>;
  return (
    <span className="font-medium text-amber-800">
      {item.stock} left <span className="font-normal text-slate-600">(alert at {item.threshold})</span>
    </span>
  );
}

export function LowStockCard() {
  const lowStock = useGetLowStockQuery(LOW_STOCK_SHOWN);
  let body;
  if (lowStock.isError) body = <p className="text-sm text-red-700">{LOW_STOCK_TEXT.failed}</p>;
  else if (!lowStock.data) body = <p className="text-sm text-slate-600">{LOW_STOCK_TEXT.loading}</p>;
  else if (lowStock.data.length === 0) body = <p className="text-sm text-slate-600">{LOW_STOCK_TEXT.empty}</p>;
  else {
    body = (
      <ul className="divide-y divide-slate-100">
        {lowStock.data.map((item) => (
          <li
            key={item.variantId ?? item.productId}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm"
          >
            <Link
              to={editLink(item)}
              className="min-w-0 break-words font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {item.title}
              {item.size && <span className="text-slate-600"> · Size {item.size}</span>}
            </Link>
            <StockText item={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="low-stock-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="low-stock-title" className="mb-2 text-base font-semibold text-slate-800">
        {LOW_STOCK_TEXT.title}
      </h2>
      {body}
    </section>
  );
}
