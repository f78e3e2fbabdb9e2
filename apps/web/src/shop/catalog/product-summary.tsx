/**
 * The top of a product's details (product-modal.tsx): the price with the struck-through original and
 * 'Inclusive of all taxes', or 'Price on request'; category, brand and availability; the low-stock line and the
 * long description.
 */
import { availabilityOf, MESSAGES, type Product } from '@pumpkart/shared';
import { OriginalPrice, Price } from './price';

export function ProductSummary({
  product,
  price,
  mrp,
  listPrice,
  stock,
  lowStock,
  onRequest,
}: {
  product: Product;
  /** The chosen size's figures, else the product's. */
  price: number;
  mrp: number | null | undefined;
  listPrice: number | undefined;
  stock: number;
  lowStock: string | null;
  onRequest: boolean;
}) {
  const outOfStock = !(stock > 0);
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {onRequest ? (
          <p className="text-2xl font-bold text-slate-900">Price on request</p>
        ) : (
          <>
            <Price value={price} className="text-2xl" />
            <OriginalPrice price={price} mrp={mrp} listPrice={listPrice} className="text-base" />
            <p className="w-full text-xs text-slate-600" data-testid="tax-inclusive-note">
              {MESSAGES.inclusiveOfTaxes}
            </p>
          </>
        )}
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Category</dt>
        <dd className="font-medium">{product.category}</dd>
        <dt className="text-slate-500">Brand</dt>
        <dd className="font-medium">{product.brand || '—'}</dd>
        <dt className="text-slate-500">Availability</dt>
        <dd className={`font-medium ${outOfStock ? 'text-red-700' : 'text-green-700'}`}>{availabilityOf(stock)}</dd>
      </dl>
      {lowStock && <p className="text-sm font-semibold text-amber-700">{lowStock}</p>}

      {product.description && (
        <p className="whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{product.description}</p>
      )}
    </>
  );
}
