/**
 * The table view of the admin Products page (docs/shop-rules.md#admin): thumbnail, title (opens the edit
 * form), category, price, stock and the Active switch, with Edit and Delete as in the grid's cards.
 */
import type { Product } from '@pumpkart/shared';
import { ProductImage } from '../../shop/catalog/product-image';
import { rupees } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { Switch } from '../ui/switch';
import type { ProductCardProps } from './product-card';

export interface ProductsTableProps extends Omit<ProductCardProps, 'product' | 'busy'> {
  products: Product[];
  busyId: string | null;
  emptyText: string;
}

/** The stock figure, red when it is out. */
function StockCell({ product }: { product: Product }) {
  if (product.stock <= 0) return <span className="font-medium text-red-700">Out of stock</span>;
  const low = product.lowStockThreshold > 0 && product.stock <= product.lowStockThreshold;
  return (
    <span className={low ? 'font-medium text-amber-800' : ''}>
      {product.stock}
      {low && ' (low)'}
    </span>
  );
}

export function ProductsTable({ products, busyId, emptyText, onToggle, onEdit, onDelete }: ProductsTableProps) {
  const columns: Column<Product>[] = [
    {
      header: 'Image',
      cell: (product) => (
        <ProductImage
          image={product.images[0]}
          alt=""
          sizes="48px"
          width={48}
          height={48}
          className={`h-12 w-12 rounded bg-slate-50 ${product.active ? '' : 'grayscale'}`}
        />
      ),
    },
    {
      header: 'Title',
      cell: (product) => (
        <button
          type="button"
          onClick={() => onEdit(product)}
          className="block w-44 whitespace-normal break-words text-left font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {product.title}
        </button>
      ),
    },
    { header: 'Category', cell: (product) => product.category },
    {
      header: 'Price',
      cell: (product) =>
        product.variants.length > 0
          ? `from ${rupees(product.price)}`
          : product.price > 0
            ? rupees(product.price)
            : 'N/A',
    },
    { header: 'Stock', cell: (product) => <StockCell product={product} /> },
    {
      header: 'Active',
      cell: (product) => (
        <Switch
          label={product.active ? 'Active' : 'Inactive'}
          checked={product.active}
          onChange={() => onToggle(product)}
          disabled={busyId === product._id}
          title={`${product.title}: ${product.active ? 'click to make inactive' : 'click to make active'}`}
        />
      ),
    },
    {
      header: 'Actions',
      cell: (product) => (
        <span className="flex gap-2">
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
            disabled={busyId === product._id}
            className="rounded-lg bg-red-50 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-100 disabled:opacity-60"
          >
            Delete
          </button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      title="Products on this page"
      columns={columns}
      rows={products}
      rowKey={(product) => product._id}
      emptyText={emptyText}
    />
  );
}
