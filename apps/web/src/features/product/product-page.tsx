/**
 * The product as a page of its own, on a phone reached by a link (product-route.tsx): Back, the
 * breadcrumbs, the title and the same details as the modal (shop/catalog/product-modal.tsx), whose
 * Add to Cart stays at the bottom of the window.
 */
import type { Product } from '@pumpkart/shared';
import { useLocation, useNavigate } from 'react-router';
import { ProductDetails } from '../../shop/catalog/product-modal';
import { categoryPath, paths } from '../../config/paths';
import { ProductBreadcrumbs } from './product-breadcrumbs';

/** The main picture spans the page frame (layout.tsx: 12 px padding a side on a phone). */
const PAGE_IMAGE_SIZES = '(min-width: 640px) 50vw, calc(100vw - 24px)';

export function ProductPage({ product }: { product: Product }) {
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    // With no earlier page in this tab (a shared link), Back goes to the product's category.
    if (location.key === 'default') void navigate(product.category ? categoryPath(product.category) : paths.home);
    else void navigate(-1);
  };

  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="product-title">
      <button
        type="button"
        onClick={goBack}
        className="mb-3 inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <span aria-hidden="true">←</span> Back
      </button>
      <ProductBreadcrumbs product={product} />
      <h1 id="product-title" className="mb-4 break-words text-xl font-bold text-slate-900">
        {product.title}
      </h1>
      <ProductDetails key={product._id} product={product} placement="page" imageSizes={PAGE_IMAGE_SIZES} />
    </article>
  );
}
