/**
 * A reminder's link, /book?product&outlet&date (bookingPath, docs/shop-rules.md#service-products): puts the product
 * in the buyer's cart at its smallest order quantity, a service booked for `date` when that day can still be booked,
 * else for tomorrow (the cart changes it); remembers the outlet, so that checkout starts with it chosen; then opens
 * the cart saying 'Added for {outlet}'. A visitor logs in first and comes back here. A product the shop does not sell
 * or an outlet not of the buyer's business adds nothing and says why.
 */
import {
  BOOKING_MESSAGES,
  bookableDayOr,
  idSchema,
  isBookable,
  MESSAGES,
  smallestOrderQuantity,
  type OutletDto,
  type Product,
} from '@pumpkart/shared';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isHttpFailure } from '../../api/http';
import { useGetProductQuery } from '../../shop/catalog/catalog-api';
import { paths } from '../../config/paths';
import { storage } from '../../lib/storage';
import { useGetMyBusinessQuery } from '../../shop/business/business-api';
import { useAddToCartMutation } from '../../shop/cart/cart-api';
import { useAppSelector } from '../../store/hooks';
import { LoadFailed } from '../../ui/page-states';
import type { CartNoticeState } from '../../shop/cart/cart-notice';

export function BookPage() {
  const token = useAppSelector((state) => state.session.token);
  const location = useLocation();
  // The whole address, query included, is where login comes back to.
  if (!token) return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Booking />;
}

/** Why the link adds nothing, once what it names is known; null when the product can be added for the outlet. */
export function bookingProblem(
  product: Product | undefined,
  productNotFound: boolean,
  outlet: OutletDto | undefined,
): string | null {
  if (productNotFound || (product && !product.active)) return BOOKING_MESSAGES.productNotFound;
  if (!outlet) return BOOKING_MESSAGES.outletNotYours;
  if (product?.priceOnRequest) return BOOKING_MESSAGES.onRequest;
  return null;
}

/**
 * The visits (history entries) whose add was sent: kept outside the component, so that a remount of the page (its code
 * arriving, a strict-mode check) never adds the product twice; the same link opened again is a new visit.
 */
const handledVisits = new Set<string>();

function Booking() {
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const outletId = params.get('outlet') ?? '';
  const date = params.get('date');
  const validId = idSchema.safeParse(productId).success;
  const query = useGetProductQuery(productId, { skip: !validId });
  const status = isHttpFailure(query.error) ? query.error.status : null;
  const found = {
    product: query.data,
    notFound: status === 404 || status === 400,
    failed: query.isError && status !== 404 && status !== 400,
    retry: () => void query.refetch(),
  };
  const business = useGetMyBusinessQuery();
  const [addToCart] = useAddToCartMutation();
  const navigate = useNavigate();
  const [addFailed, setAddFailed] = useState<string | null>(null);
  const location = useLocation();
  const visit = `${location.key}${location.search}`;

  const productNotFound = !validId || found.notFound;
  const outlet = business.data?.outlets.find((one) => one._id === outletId);
  const ready = (productNotFound || found.product !== undefined) && (business.isSuccess || business.isError);
  const refused = ready ? bookingProblem(found.product, productNotFound, outlet) : null;
  const problem = refused ?? addFailed;

  useEffect(() => {
    if (!ready || refused || handledVisits.has(visit) || !found.product || !outlet) return;
    handledVisits.add(visit);
    const product = found.product;
    void addToCart({
      product,
      variant: product.variants[0] ?? null,
      quantity: smallestOrderQuantity(product),
      ...(isBookable(product.kind) ? { serviceDate: bookableDayOr(date) } : {}),
    })
      .unwrap()
      .then(() => {
        storage.setCheckoutOutlet(outlet._id);
        const state: CartNoticeState = { notice: BOOKING_MESSAGES.addedFor(outlet.name) };
        void navigate(paths.cart, { replace: true, state });
      })
      .catch((error: unknown) => setAddFailed(errorMessage(error, MESSAGES.cartUpdateFailed)));
  }, [ready, refused, visit, found.product, outlet, date, addToCart, navigate]);

  return (
    <section aria-labelledby="book-title" className="mx-auto max-w-xl rounded-xl bg-white p-6 shadow-sm">
      <h1 id="book-title" className="mb-3 text-xl font-semibold text-slate-900">
        Book a service
      </h1>
      {found.failed ? (
        <LoadFailed message={MESSAGES.productLoadFailed} onRetry={found.retry} />
      ) : problem ? (
        <>
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            {problem}
          </p>
          <p className="mt-4 flex flex-wrap gap-4 text-sm">
            <Link to={paths.cart} className="font-medium text-brand-800 underline">
              Open your cart
            </Link>
            <Link to={paths.business} className="font-medium text-brand-800 underline">
              Your business and its outlets
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="text-slate-700">
          Adding to your cart…
        </p>
      )}
    </section>
  );
}
