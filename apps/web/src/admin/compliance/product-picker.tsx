/** Finds a product by title for an owner's task (the admin products search, 8 results). */
import { useId, useState } from 'react';
import type { Product } from '@pumpkart/shared';
import { useLazyGetAdminProductsQuery } from '../products/products-api';
import { buttonClass } from './compliance-text';

export type PickedProduct = Pick<Product, '_id' | 'title'>;

export function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [find, found] = useLazyGetAdminProductsQuery();
  const results = found.data?.items ?? [];
  const run = () => search.trim() && void find({ search: search.trim(), limit: 8 });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-search`} className="sr-only">
        Find a product
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Find a product by title"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            run();
          }
        }}
      />
      <button type="button" className={buttonClass} onClick={run}>
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
                onClick={() => onPick({ _id: product._id, title: product.title })}
              >
                Only for {product.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
