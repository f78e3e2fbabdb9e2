/**
 * One product for the product view (GET /api/products/{id}, docs/shop-rules.md#catalog): the
 * product, whether the server does not know it (404 for an unknown or inactive product, 400 for an
 * id that cannot be one: both are "Product not found."), or whether loading failed otherwise.
 */
import { useGetProductQuery } from '../../shop/catalog/catalog-api';
import { isHttpFailure } from '../../api/http';

export function useProduct(id: string) {
  const query = useGetProductQuery(id);
  const status = isHttpFailure(query.error) ? query.error.status : null;
  const notFound = status === 404 || status === 400;
  return {
    product: notFound ? undefined : (query.currentData ?? query.data),
    notFound,
    failed: query.isError && !notFound,
    retry: () => void query.refetch(),
  };
}
