/**
 * What the admin Products page reads and shows (docs/shop-rules.md#admin): its state kept in the address
 * (?page=&search=&category=&brand=&active=&stock=&sort=&view=&edit=, so Back, a reload and a shared link
 * show the same view, through useTableState), and the list request of that state.
 */
import {
  ADMIN_PRODUCT_SORTS,
  STOCK_LEVELS,
  type AdminProductListParams,
  type AdminProductSort,
  type StockLevel,
} from '@pumpkart/shared';
import { choiceParam, pageParam, tableSpec, textParam, type StateOf } from '../ui/use-table-state';

/** Products per page, in the grid and the table alike. */
export const PRODUCTS_PAGE_SIZE = 20;

export const PRODUCT_VIEWS = ['grid', 'table'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/**
 * The page's keys: the page, the filters (search over title, description, brand and category; category; brand;
 * active; stock level), the sort, the view, and the product whose edit form is open (the dashboard links to it).
 */
export const PRODUCTS_TABLE = tableSpec({
  params: {
    page: pageParam(),
    search: textParam(100),
    category: textParam(100),
    brand: textParam(100),
    active: choiceParam(['true', 'false']),
    stock: choiceParam(STOCK_LEVELS),
    sort: choiceParam(ADMIN_PRODUCT_SORTS, 'newest'),
    view: choiceParam(PRODUCT_VIEWS, 'grid'),
    edit: textParam(36),
  },
});

export type ProductsState = StateOf<typeof PRODUCTS_TABLE>;
export type ProductFilters = Pick<ProductsState, 'search' | 'category' | 'brand' | 'active' | 'stock'>;

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

/** The list request of a state. */
export function productsQuery(state: ProductsState): AdminProductListParams {
  return {
    page: state.page,
    limit: PRODUCTS_PAGE_SIZE,
    search: state.search || undefined,
    category: state.category || undefined,
    brand: state.brand || undefined,
    active: state.active || undefined,
    stock: state.stock || undefined,
    sort: state.sort === 'newest' ? undefined : state.sort,
  };
}

export const hasFilters = (filters: ProductFilters) =>
  Boolean(filters.search || filters.category || filters.brand || filters.active || filters.stock);
