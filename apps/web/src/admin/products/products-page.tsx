/**
 * Admin products (docs/shop-rules.md#admin): every product, inactive ones too, a page at a time from the
 * server, as the grid of cards (Active switch, Edit, Delete) or as a table (products-table.tsx), with a
 * search over title, description, brand and category (docs/shop-rules.md#search), filters, a sort and the
 * Add Product button. The page, filters, sort, view and the open edit form live in the address
 * (PRODUCTS_TABLE in product-view.ts), so Back, a reload and a link (the dashboard's low-stock card) show the same thing.
 * Delete asks for confirmation in a confirm dialog, deletes permanently and shows the outcome as an on-page
 * notice (docs/architecture.md#notifications), as does a save. Toggle failures are only logged, but for a refusal by
 * rule (a product that lacks what a product on sale needs), whose message is shown.
 */
import { MESSAGES, type Product } from '@pumpkart/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isHttpFailure } from '../../api/http';
import { fetchProductsCsv } from '../../api/products-csv';
import {
  useDestroyProductMutation,
  useGetAdminProductQuery,
  useGetAdminProductsQuery,
  useSetProductActiveMutation,
} from './products-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { saveBlob } from '../../shop/orders/order-documents';
import { EmptyState, LoadFailed } from '../../ui/page-states';
import { useNotify } from '../../store/hooks';
import { LoadingText, PageHeader } from '../ui/page-header';
import { Pager } from '../ui/pager';
import { useTableState } from '../ui/use-table-state';
import { ProductCard } from './product-card';
import { ProductFilters } from './product-filters';
import { ProductFormModal } from './product-form-modal';
import { ProductImportDialog } from './import-dialog';
import { hasFilters, PRODUCTS_PAGE_SIZE, PRODUCTS_TABLE, productsQuery } from './product-view';
import { ProductsTable } from './products-table';

const NO_PRODUCTS: Product[] = [];
export const PRODUCT_SAVED = (title: string) => `Saved "${title}".`;

/** The product of the address's `edit`: from the page on screen, else read from the server. */
function useEditedProduct(id: string, onPage: Product[], onMissing: (message: string) => void) {
  const listed = id ? onPage.find((product) => product._id === id) : undefined;
  const read = useGetAdminProductQuery(id, { skip: !id || Boolean(listed) });
  const failed = read.isError;
  useEffect(() => {
    if (failed) onMissing(errorMessage(read.error, 'Product not found.'));
  }, [failed, read.error, onMissing]);
  return listed ?? (id && read.currentData?._id === id ? read.currentData : undefined);
}

export function ProductsPage() {
  const { state, change } = useTableState(PRODUCTS_TABLE);
  // Saves, toggles and deletes update this list in place (api/shop-api.ts).
  const products = useGetAdminProductsQuery(productsQuery(state));
  const [setProductActive] = useSetProductActiveMutation();
  const [destroyProduct] = useDestroyProductMutation();
  const data = products.currentData;
  const items = data?.items ?? NO_PRODUCTS;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const notify = useNotify();
  const { ask, dialog } = useConfirm();

  const closeEdit = useCallback(() => change({ edit: '' }), [change]);
  const onMissing = useCallback(
    (message: string) => {
      notify(message, 'error');
      closeEdit();
    },
    [notify, closeEdit],
  );
  const editing = useEditedProduct(state.edit, items, onMissing);
  const categories = [...new Set(items.map((product) => product.category).filter(Boolean))];

  const toggle = async (product: Product) => {
    setBusyId(product._id);
    try {
      await setProductActive({ id: product._id, active: !product.active }).unwrap();
    } catch (error) {
      console.error('Failed to change the product status', error);
      // A refusal by rule (a product without a price, a category or a picture cannot go on sale) says why.
      if (isHttpFailure(error) && error.status === 409) notify(errorMessage(error, ''), 'error');
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

  /** The filtered view, every match (not the page), as a CSV download. */
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...filters } = productsQuery(state);
      const { blob, filename } = await fetchProductsCsv(filters);
      saveBlob(blob, filename ?? 'products.csv');
    } catch (error) {
      notify(errorMessage(error, 'The products could not be exported. Please try again.'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const edit = (product: Product) => change({ edit: product._id });
  const close = () => (adding ? setAdding(false) : closeEdit());
  const onSaved = (product: Product, draft: string | null) => {
    close();
    // A save says it saved; one kept as a draft says what it lacks (docs/shop-rules.md#on-sale).
    notify(draft ?? PRODUCT_SAVED(product.title), draft ? 'info' : 'success');
    // A saved product replaces its card; an answer without an id means the list must be read again.
    if (!product._id) void products.refetch();
  };

  const filtered = hasFilters(state);
  const emptyText = data?.total ? 'No products on this page.' : 'No products match your search.';
  let body;
  if (products.isError && !products.isFetching) {
    body = <LoadFailed message="Could not load the products." onRetry={() => void products.refetch()} />;
  } else if (!data) {
    body = <LoadingText text="Loading products..." />;
  } else if (data.total === 0 && !filtered) {
    body = <EmptyState message="No products yet." />;
  } else {
    const handlers = {
      onToggle: (p: Product) => void toggle(p),
      onEdit: edit,
      onDelete: (p: Product) => void remove(p),
    };
    body = (
      <div className="space-y-4">
        {state.view === 'table' ? (
          <ProductsTable products={items} busyId={busyId} emptyText={emptyText} {...handlers} />
        ) : items.length === 0 ? (
          <p className="py-10 text-center text-slate-600">{emptyText}</p>
        ) : (
          <div className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
            {items.map((product) => (
              <ProductCard key={product._id} product={product} busy={busyId === product._id} {...handlers} />
            ))}
          </div>
        )}
        <Pager
          label="Pages of products"
          noun="products"
          page={state.page}
          pageSize={PRODUCTS_PAGE_SIZE}
          total={data.total}
          rows={items.length}
          onPage={(page) => change({ page })}
        />
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="Products">
        <button
          type="button"
          onClick={() => void exportCsv()}
          disabled={exporting}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <button
          type="button"
          onClick={() => setImporting(true)}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          Import CSV
        </button>
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Add Product
        </button>
      </PageHeader>
      <div className="space-y-5">
        <ProductFilters
          filters={state}
          sort={state.sort}
          view={state.view}
          onFilters={(filters) => change({ ...filters, page: 1 })}
          onSort={(sort) => change({ sort, page: 1 })}
          onView={(view) => change({ view })}
        />
        {body}
      </div>

      {(adding || editing) && (
        <ProductFormModal
          key={adding ? 'new' : editing!._id}
          product={adding ? undefined : editing}
          categories={categories}
          onClose={close}
          onSaved={onSaved}
        />
      )}
      {importing && (
        <ProductImportDialog onClose={() => setImporting(false)} onImported={() => void products.refetch()} />
      )}
      {dialog}
    </div>
  );
}
