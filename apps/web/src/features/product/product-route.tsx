/**
 * /product/{id} reached without a page behind it: a shared link, a bookmark, a reload of a first
 * page. On a desktop (640 px and wider) the product opens as the modal over its category's page
 * (the home page when it has none): the entry is replaced by the same URL with that page as its
 * background, marked `landed` so that closing replaces the URL with that page. On a phone the
 * product is a page of its own (product-page.tsx). An unknown or inactive product says "Product
 * not found." on both. The document's title and description are the product's (docs/shop-rules.md#seo).
 */
import { useEffect } from 'react';
import { productPageHead } from '@pumpkart/shared';
import { useNavigate, useParams } from 'react-router';
import type { ProductLinkState } from '../../shop/catalog/product-route-state';
import { useIsPhone } from '../../ui/use-media-query';
import { usePageHead } from '../../ui/use-page-head';
import { categoryPath, paths, productPath } from '../../config/paths';
import { ProductPage } from './product-page';
import { ProductState } from './product-states';
import { useProduct } from './use-product';

export function ProductRoute() {
  const { productId = '' } = useParams();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const { product, notFound, failed, retry } = useProduct(productId);
  usePageHead(product && productPageHead(product));
  const category = product?.category ?? null;
  const overPage = !phone && product !== undefined;

  useEffect(() => {
    if (!overPage) return;
    const state: ProductLinkState = {
      background: { pathname: category ? categoryPath(category) : paths.home, search: '', hash: '' },
      landed: true,
    };
    void navigate(productPath(productId), { replace: true, state });
  }, [overPage, category, productId, navigate]);

  if (product && phone) return <ProductPage product={product} />;
  return (
    <div className="mx-auto max-w-3xl">
      <ProductState notFound={notFound} failed={failed} retry={retry} />
    </div>
  );
}
