/** The product view's trail: Home › Category › Product title, the last marked as the current page. */
import type { Product } from '@pumpkart/shared';
import { Link } from 'react-router';
import { categoryPath, paths } from '../../config/paths';

const linkClass = 'rounded text-brand-700 hover:underline';

export function ProductBreadcrumbs({ product }: { product: Pick<Product, 'title' | 'category'> }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        <li>
          <Link to={paths.home} className={linkClass}>
            Home
          </Link>
        </li>
        {product.category && (
          <li className="flex items-center gap-x-1.5">
            <span aria-hidden="true">›</span>
            <Link to={categoryPath(product.category)} className={linkClass}>
              {product.category}
            </Link>
          </li>
        )}
        <li className="flex min-w-0 items-center gap-x-1.5">
          <span aria-hidden="true">›</span>
          <span aria-current="page" className="min-w-0 break-words font-medium text-slate-800">
            {product.title}
          </span>
        </li>
      </ol>
    </nav>
  );
}
