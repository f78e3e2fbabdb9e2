/** One category on the home page: its name, up to 4 cards, and View All when it has more than 4. */
import { useId } from 'react';
import { Link } from 'react-router';
import type { HomeSection } from './home-api';
import { PRODUCT_GRID_CLASS, ProductCard, ProductCardSkeleton } from '../../shop/catalog/product-card';
import { categoryPath } from '../../config/paths';

/** Products shown per category on the home page (docs/shop-rules.md#home). */
const PER_CATEGORY = 4;

export function CategorySection({ section, eager }: { section: HomeSection; eager: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="category-section">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {section.category}
        </h3>
        {section.total > PER_CATEGORY && (
          <Link
            to={categoryPath(section.category)}
            aria-describedby={headingId}
            className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:underline"
          >
            View All
          </Link>
        )}
      </div>
      <ul className={PRODUCT_GRID_CLASS}>
        {section.products.slice(0, PER_CATEGORY).map((product) => (
          <li key={product._id}>
            <ProductCard product={product} eager={eager} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CategorySectionSkeleton() {
  return (
    <div aria-hidden="true" data-testid="category-section-skeleton">
      <div className="mb-3 h-6 w-40 animate-pulse rounded bg-slate-200" />
      <div className={PRODUCT_GRID_CLASS}>
        {Array.from({ length: PER_CATEGORY }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
