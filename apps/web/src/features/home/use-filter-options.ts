/**
 * The filter panel's Category and Brand options, from the server's lists (docs/shop-rules.md#filters).
 * Loaded the first time the panel opens; a failure is only logged.
 */
import { useGetBrandsQuery, useGetCategoriesQuery } from '../../shop/catalog/catalog-api';

const NONE: string[] = [];

export function useFilterOptions(wanted: boolean) {
  const categories = useGetCategoriesQuery(undefined, { skip: !wanted });
  const brands = useGetBrandsQuery(undefined, { skip: !wanted });
  return { categories: categories.data ?? NONE, brands: brands.data ?? NONE };
}
