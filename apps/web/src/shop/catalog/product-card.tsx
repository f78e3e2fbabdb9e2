/**
 * The product card (docs/shop-rules.md#catalog): first image (or 'No Image'), title, brand, the
 * description cut to 100 characters, the favorite heart, the price (the cheapest variant's when
 * there are variants) and the availability line. A product whose stock is not above 0 is greyed
 * out (its picture only: the texts keep their contrast), carries an 'Unavailable' badge and does
 * not open (docs/shop-rules.md#availability). The image box has a fixed size so nothing shifts.
 *
 * The title is a real link to /product/{id} (middle-click and copy link work); in the app it opens
 * the product view over the current page (`state.background`, shop/catalog/product-route-state.ts)
 * with the card's product already in the cache, so the view shows at once.
 */
import {
  CARD_IMAGE_SIZES,
  descriptionPreview,
  displayMrp,
  displayListPrice,
  displayPrice,
  MESSAGES,
  type Product,
} from '@pumpkart/shared';
import { Link, useLocation } from 'react-router';
import { catalogApi } from './catalog-api';
import { productPath } from '../../config/paths';
import { useAppDispatch } from '../../store/hooks';
import { FavoriteButton } from '../favorites/favorite-button';
import { OriginalPrice, Price } from './price';
import { ProductImage } from './product-image';
import { asBackground, type ProductLinkState } from './product-route-state';

/** The image box every card reserves (4:3). */
const CARD_IMAGE = { width: 400, height: 300 } as const;

/** The product grid; CARD_IMAGE_SIZES (@pumpkart/shared) follows it. */
export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

export function ProductCard({
  product,
  eager = false,
  highPriority = eager,
}: {
  product: Product;
  /** Load the image at once (cards of the first row); the others load lazily. */
  eager?: boolean;
  /** Ask for the image with high priority (by default when eager; a list's first card only). */
  highPriority?: boolean;
}) {
  const unavailable = !(product.stock > 0);
  const location = useLocation();
  const dispatch = useAppDispatch();
  const linkState: ProductLinkState = { background: asBackground(location) };
  // The view opens with what the card knows and refreshes it from the server.
  const prime = () =>
    void dispatch(
      catalogApi.util.upsertQueryEntries([{ endpointName: 'getProduct', arg: product._id, value: product }]),
    );

  return (
    <article
      aria-label={product.title}
      data-testid="product-card"
      data-unavailable={unavailable || undefined}
      className={`relative flex h-full flex-col overflow-hidden rounded-xl shadow-sm ring-1 transition ${
        unavailable ? 'bg-slate-50 ring-slate-200' : 'bg-white ring-slate-200 hover:shadow-md hover:ring-brand-600/40'
      }`}
    >
      <div className={`relative ${unavailable ? 'bg-slate-50' : 'bg-white'}`}>
        <ProductImage
          image={product.images[0]}
          alt={product.title}
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
          highPriority={highPriority}
          className={`aspect-[4/3] h-auto w-full ${unavailable ? 'opacity-50 grayscale' : ''}`}
        />
        {unavailable && (
          <span className="absolute left-2 top-2 rounded-md bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
            {MESSAGES.addUnavailable}
          </span>
        )}
      </div>
      <FavoriteButton productId={product._id} title={product.title} className="absolute right-2 top-2 z-10" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
          {unavailable ? (
            <span className="line-clamp-2 cursor-not-allowed">{product.title}</span>
          ) : (
            <Link
              to={productPath(product._id)}
              state={linkState}
              onClick={prime}
              className="line-clamp-2 text-left after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
            >
              {product.title}
            </Link>
          )}
        </h3>
        {product.brand && <p className="text-xs font-medium text-slate-600">{product.brand}</p>}
        <p className="break-words text-xs text-slate-600 sm:text-sm">{descriptionPreview(product.description)}</p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-2">
          {product.priceOnRequest ? (
            <span className="text-base font-semibold text-slate-900">Price on request</span>
          ) : (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <Price value={displayPrice(product)} className="text-base sm:text-lg" />
              <OriginalPrice
                price={displayPrice(product)}
                mrp={displayMrp(product)}
                listPrice={displayListPrice(product)}
                className="text-xs sm:text-sm"
              />
            </span>
          )}
          <span className={`text-xs font-medium ${unavailable ? 'text-red-700' : 'text-green-700'}`}>
            {product.availability}
          </span>
        </div>
      </div>
    </article>
  );
}

/** A placeholder of the card's final size, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="product-card-skeleton"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="aspect-[4/3] w-full bg-slate-200" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/3 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-200" />
        <div className="h-3 w-5/6 rounded bg-slate-200" />
        <div className="mt-auto flex justify-between pt-2">
          <div className="h-5 w-20 rounded bg-slate-200" />
          <div className="h-4 w-14 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
