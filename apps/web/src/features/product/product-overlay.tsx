/**
 * The product modal over the page it was opened from (storefront-routes.tsx). Closing it (×,
 * Escape, the backdrop) is the same as Back: it goes back one entry when the product was opened in
 * the app, and replaces the URL with the page behind when the product was the first page of the
 * visit (`landed`: a shared link or bookmark on a desktop, the return from login). While it is open the
 * document's title and description are the product's, and the page behind's again once it closes
 * (docs/shop-rules.md#seo).
 */
import { productPageHead } from '@pumpkart/shared';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { ProductModal } from '../../shop/catalog/product-modal';
import { backgroundOf, hrefOf, type ProductLinkState } from '../../shop/catalog/product-route-state';
import { usePageHead } from '../../ui/use-page-head';
import { paths } from '../../config/paths';
import { ProductBreadcrumbs } from './product-breadcrumbs';
import { ProductState } from './product-states';
import { useProduct } from './use-product';

export default function ProductOverlay() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = matchPath(paths.product, location.pathname)?.params.productId ?? '';
  const background = backgroundOf(location);
  const { product, notFound, failed, retry } = useProduct(id);
  usePageHead(product && productPageHead(product));

  const close = () => {
    const landed = (location.state as ProductLinkState | null)?.landed;
    if (landed && background) void navigate(hrefOf(background), { replace: true });
    else void navigate(-1);
  };

  return (
    <ProductModal
      open
      product={product ?? null}
      onClose={close}
      header={product && <ProductBreadcrumbs product={product} />}
      fallback={<ProductState notFound={notFound} failed={failed} retry={retry} />}
    />
  );
}
