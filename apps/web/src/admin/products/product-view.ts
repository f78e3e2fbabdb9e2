/**
 * What the admin Products page reads and shows (docs/shop-rules.md#admin): its state kept in the address
 * (?page=&search=&category=&brand=&active=&stock=&sort=&view=&edit=, so Back, a reload and a shared link
 * show the same view), and the list request of that state.
 */
import {
  ADMIN_PRODUCT_SORTS,
  STOCK_LEVELS,
  type AdminProductListParams,
  type AdminProductSort,
  type StockLevel,
} from '@pumpkart/shared';
import { oneOf, pageParam, setParam } from '../ui/use-table-state';

/** Products per page, in the grid and the table alike. */
export const PRODUCTS_PAGE_SIZE = 20;

export const PRODUCT_VIEWS = ['grid', 'table'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

export interface ProductFilters {
  search: string;
  category: string;
  brand: string;
  active: '' | 'true' | 'false';
  stock: '' | StockLevel;
}

export interface ProductsState {
  page: number;
  filters: ProductFilters;
  sort: AdminProductSort;
  view: ProductView;
  /** The product whose edit form is open (the dashboard links to it), or ''. */
  edit: string;
}

export const NO_FILTERS: ProductFilters = { search: '', category: '', brand: '', active: '', stock: '' };

export const SORT_LABELS: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  title: 'Title (A to Z)',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock_asc: 'Stock: low to high',
  stock_desc: 'Stock: high to low',
};

export const STOCK_LABELS: Record<StockLevel, string> = {
  in: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};

const text = (params: URLSearchParams, key: string, max = 100) => (params.get(key) ?? '').trim().slice(0, max);

/** The state of the address; a value the server would refuse is left out. */
export function readProductsState(params: URLSearchParams): ProductsState {
  return {
    page: pageParam(params.get('page')),
    filters: {
      search: text(params, 'search'),
      category: text(params, 'category'),
      brand: text(params, 'brand'),
      active: oneOf(['true', 'false'] as const, params.get('active'), ''),
      stock: oneOf(STOCK_LEVELS, params.get('stock'), ''),
    },
    sort: oneOf(ADMIN_PRODUCT_SORTS, params.get('sort'), 'newest'),
    view: oneOf(PRODUCT_VIEWS, params.get('view'), 'grid'),
    edit: text(params, 'edit', 36),
  };
}

/** The address of a state: only what differs from the first page, newest first, in the grid. */
export function writeProductsState(state: ProductsState): URLSearchParams {
  const params = new URLSearchParams();
  setParam(params, 'page', state.page, 1);
  for (const key of ['search', 'category', 'brand', 'active', 'stock'] as const) {
    setParam(params, key, state.filters[key]);
  }
  setParam(params, 'sort', state.sort, 'newest');
  setParam(params, 'view', state.view, 'grid');
  setParam(params, 'edit', state.edit);
  return params;
}

/** The list request of a state. */
export function productsQuery(state: ProductsState): AdminProductListParams {
  const { filters } = state;
  return {
    page: state.page,
    limit: PRODUCTS_PAGE_SIZE,
    search: filters.search || undefined,
    category: filters.category || undefined,
    brand: filters.brand || undefined,
    active: filters.active || undefined,
    stock: filters.stock || undefined,
    sort: state.sort === 'newest' ? undefined : state.sort,
  };
}

export const hasFilters = (filters: ProductFilters) => Object.values(filters).some((value) => value !== '');
