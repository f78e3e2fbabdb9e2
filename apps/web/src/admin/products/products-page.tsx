/**
 * Admin products: a search box over title and description (case-insensitive,
 * docs/shop-rules.md#search), the Add Product button, and the grid of cards with the
 * Active switch, Edit and Delete. Delete asks for confirmation in a confirm dialog, deletes
 * permanently and shows the outcome as an on-page notice (docs/architecture.md#notifications).
 * Product load and toggle failures are only logged.
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/http';
import { useDestroyProductMutation, useGetAdminProductsQuery, useSetProductActiveMutation } from '../../api/shop-api';
import { useConfirm } from '../../components/confirm-dialog';
import { useNotify } from '../../store/hooks';
import { LoadingText, PageHeader } from '../ui/page-header';
import { ProductCard } from './product-card';
import { ProductFormModal } from './product-form-modal';

/** Title or description contains the search text, ignoring case (docs/shop-rules.md#search). */
function matchesSearch(product: Pick<Product, 'title' | 'description'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return product.title.toLowerCase().includes(needle) || product.description.toLowerCase().includes(needle);
}

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

const NO_PRODUCTS: Product[] = [];

export function ProductsPage() {
  // Saves, toggles and deletes update this list in place (api/shop-api.ts).
  const products = useGetAdminProductsQuery();
  const [setProductActive] = useSetProductActiveMutation();
  const [destroyProduct] = useDestroyProductMutation();
  const items = products.data ?? NO_PRODUCTS;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const notify = useNotify();
  const { ask, dialog } = useConfirm();

  const visible = useMemo(() => items.filter((product) => matchesSearch(product, search)), [items, search]);
  const categories = useMemo(
    () => [...new Set(items.map((product) => product.category).filter(Boolean))].sort((a, b) => a.localeCompare(b)),
    [items],
  );

  const toggle = async (product: Product) => {
    setBusyId(product._id);
    try {
      await setProductActive({ id: product._id, active: !product.active }).unwrap();
    } catch (error) {
      console.error('Failed to change the product status', error);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (product: Product) => {
    const confirmed = await ask({
      title: `Delete ${product.title}?`,
      message: MESSAGES.confirmDeleteProduct,
      confirmLabel: 'Delete',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!confirmed) return;
    setBusyId(product._id);
    try {
      await destroyProduct(product._id).unwrap();
      notify(MESSAGES.productDeleted, 'success');
    } catch (error) {
      notify(errorMessage(error, MESSAGES.productDeleteFailed), 'error');
    } finally {
      setBusyId(null);
    }
  };

  const onSaved = (product: Product) => {
    setEditing(null);
    // A saved product replaces its card; an answer without an id means the list must be read again.
    if (!product._id) void products.refetch();
  };

  return (
    <div>
      <PageHeader title="Products">
        <label htmlFor="admin-product-search" className="sr-only">
          Search products
        </label>
        <input
          id="admin-product-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by title or description..."
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:w-64"
        />
        <button
          type="button"
          onClick={() => setEditing({ mode: 'add' })}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Add Product
        </button>
      </PageHeader>

      {products.isFetching || products.isUninitialized ? (
        <LoadingText text="Loading products..." />
      ) : visible.length === 0 ? (
        <p className="py-10 text-center text-slate-600">
          {search.trim() ? 'No products match your search.' : 'No products yet.'}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {visible.length} of {items.length} products
          </p>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
            {visible.map((product) => (
              <ProductCard
                key={product._id}
                product={product}
                busy={busyId === product._id}
                onToggle={(p) => void toggle(p)}
                onEdit={(p) => setEditing({ mode: 'edit', product: p })}
                onDelete={(p) => void remove(p)}
              />
            ))}
          </div>
        </>
      )}

      {editing && (
        <ProductFormModal
          key={editing.mode === 'edit' ? editing.product._id : 'new'}
          product={editing.mode === 'edit' ? editing.product : undefined}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {dialog}
    </div>
  );
}
