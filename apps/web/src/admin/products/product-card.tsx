/**
 * One product in the admin grid: first image or 'No Image', title, the variants
 * list (size or a dash, price, stock) or else the price ('N/A' if missing) and the stock text, the
 * category, the brand, the Active switch (admin/ui/switch.tsx), and Edit and Delete. Nothing is cut short: a
 * long title or size wraps (the admin must be able to tell similar products apart).
 */
import type { Product } from '@pumpkart/shared';
import { ProductImage } from '../../shop/catalog/product-image';
import { rupees } from '../lib/format';
import { Switch } from '../ui/switch';
import { ownSize } from './product-form';

export interface ProductCardProps {
  product: Product;
  busy?: boolean;
  onToggle: (product: Product) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** 'n in stock' or 'Out of stock'. */
const stockText = (stock: number) => (stock > 0 ? `${stock} in stock` : 'Out of stock');

/** A product's own price, or 'N/A' when it has none (normalisation turns a missing price into 0). */
const priceText = (price: number) => (Number.isFinite(price) && price > 0 ? rupees(price) : 'N/A');

export function ProductCard({ product, busy, onToggle, onEdit, onDelete }: ProductCardProps) {
  return (
    <article
      aria-label={product.title}
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm ${
        // An inactive product is drawn dashed and its picture greyed; its text keeps full contrast.
        product.active ? 'border-slate-200' : 'border-dashed border-slate-400'
      }`}
    >
      <ProductImage
        image={product.images[0]}
        alt={product.title}
        sizes="(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 100vw"
        width={320}
        height={200}
        className={`h-36 w-full bg-slate-50 ${product.active ? '' : 'grayscale'}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* Under the page's h1: each card's title is the next level. */}
        <h2 className="font-semibold break-words text-slate-900">{product.title}</h2>

        {product.variants.length > 0 ? (
          <ul className="space-y-0.5 text-sm text-slate-700" aria-label="Variants">
            {product.variants.map((variant, index) => (
              <li key={variant._id || index} className="flex flex-wrap justify-between gap-x-2">
                <span className="min-w-0 break-words">{ownSize(variant.size) || '—'}</span>
                <span className="whitespace-nowrap">
                  {rupees(variant.price)} · {variant.stock} in stock
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="text-sm text-slate-700">
            <p>Price: {priceText(product.price)}</p>
            <p className={product.stock > 0 ? '' : 'font-medium text-red-600'}>{stockText(product.stock)}</p>
          </div>
        )}

        <p className="text-sm text-slate-600">
          <span className="text-slate-500">Category:</span> {product.category}
        </p>
        <p className="text-sm text-slate-600">
          <span className="text-slate-500">Brand:</span> {product.brand || '—'}
        </p>

        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Switch
            label="Active"
            checked={product.active}
            onChange={() => onToggle(product)}
            disabled={busy}
            title={product.active ? 'Click to make inactive' : 'Click to make active'}
          />
          <button
            type="button"
            onClick={() => onEdit(product)}
            aria-label={`Edit ${product.title}`}
            className="rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100"
          >
            Edit
          </button>
          <button
            type="button"
            onClick={() => onDelete(product)}
            aria-label={`Delete ${product.title}`}
            disabled={busy}
            className="rounded-lg bg-red-50 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-100 disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
