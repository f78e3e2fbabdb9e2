/** Finds a product by title for a price list's product rule (the admin products search, 8 results). */
import { useState } from 'react';
import type { Product } from '@pumpkart/shared';
import { useLazyGetAdminProductsQuery } from '../products/products-api';

export type FoundProduct = Pick<Product, '_id' | 'title' | 'price' | 'variants'>;

export function ProductFinder({ onPick }: { onPick: (product: FoundProduct) => void }) {
  const [search, setSearch] = useState('');
  const [find, found] = useLazyGetAdminProductsQuery();
  const results = found.data?.items ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="search"
        aria-label="Find a product to price"
        placeholder="Find a product to price"
        className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (search.trim()) void find({ search: search.trim(), limit: 8 });
          }
        }}
      />
      <button
        type="button"
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
        onClick={() => search.trim() && void find({ search: search.trim(), limit: 8 })}
      >
        Find
      </button>
      {found.isSuccess && results.length === 0 && <span className="text-sm text-slate-600">No product found.</span>}
      {results.length > 0 && (
        <ul className="w-full space-y-1" aria-label="Products found">
          {results.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                className="text-left text-sm text-brand-700 underline hover:text-brand-800"
                onClick={() => onPick(product)}
              >
                Add a price for {product.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
