/**
 * The product detail modal (docs/shop-rules.md#catalog, #availability, #cart): image, title, price
 * with the struck-through original (the MRP with the discount off it, else 1.1x rounded up while the store's
 * setting keeps it: docs/shop-rules.md#mrp) and 'Inclusive of all taxes' (prices include GST,
 * docs/decisions/0009-gst-tax-computation.md), category, brand, availability and the
 * low-stock line, the long description, variant buttons (a variant without stock is disabled), a
 * quantity selector, the add-to-cart button with its labels and messages, and the "Product details"
 * list of its tax data (HSN code, origin, manufacturer, certificates: docs/shop-rules.md#tax-data).
 *
 * The details are keyed by product id, so opening the modal or switching product resets the state
 * (quantity 1, first variant, no message, not added).
 *
 * The same details are the phone's product page (features/product). 'Login to Buy' takes a visitor
 * to /login and back to this product afterwards (docs/shop-rules.md#accounts). A control that turns
 * itself off while it has focus (Add to Cart while saving and just after an add, minus at 1) is
 * only aria-disabled and ignores clicks, so focus stays on it; the outcome is read out from the
 * status line beside the button. On a phone the button (with that line) stays in view at the
 * bottom, however long the sizes list is. A service (docs/shop-rules.md#service-products) shows its visit date
 * beside the quantity, tomorrow until the buyer picks another.
 */
import {
  isBookable,
  lowStockText,
  MAX_LINE_QUANTITY,
  MESSAGES,
  serviceDateProblem,
  serviceDateRange,
  type Product,
} from '@pumpkart/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAddToCartMutation } from '../cart/cart-api';
import { paths } from '../../config/paths';
import { useAppSelector, useIsLoggedIn, useNotify } from '../../store/hooks';
import { selectCartLoading } from '../../store/selectors';
import { Modal } from '../../ui/modal';
import { AddToCartBar, type DetailsPlacement } from './add-to-cart-bar';
import { ProductGallery } from './product-gallery';
import { QuantityInput, SizeChoices } from './product-options';
import { VisitDateInput } from './visit-date-input';
import { orderQuantityNote, QuantityBreaks } from './quantity-breaks';
import { ProductSummary } from './product-summary';
import { ProductTaxDetails } from './product-tax-details';
import { backgroundOf, type LoginState } from './product-route-state';
import { useTimedMessage } from '../../ui/use-timed-message';
import { useOrderQuantity } from './use-order-quantity';

/** The request form loads only when asked for: the storefront's first bundle stays as it was (decision 0016). */
const RequestQuoteDialog = lazy(() =>
  import('../../features/checkout/request-quote-dialog').then((module) => ({ default: module.RequestQuoteDialog })),
);

/** How long the add button stays inactive (aria-disabled) after a successful add. */
export const ADDED_STATE_MS = 1200;

/**
 * The width the picture is shown at (srcset `sizes`): the modal is `max-w-3xl` (768 px) inside a
 * 16 px margin from 640 px (none below), its body has 20 px padding a side, and from 640 px the
 * picture takes one of two columns 20 px apart: (768 - 40 - 20) / 2 = 354 px once the viewport
 * reaches 800 px.
 */
export const MODAL_IMAGE_SIZES =
  '(min-width: 800px) 354px, (min-width: 640px) calc((100vw - 92px) / 2), calc(100vw - 40px)';

export interface ProductModalProps {
  product: Product | null;
  onClose: () => void;
  /** Open while there is no product yet (loading, not found); default: open with a product. */
  open?: boolean;
  /** Shown above the details (the breadcrumbs). */
  header?: ReactNode;
  /** Shown instead of the details while there is no product. */
  fallback?: ReactNode;
}

export function ProductModal({ product, onClose, open, header, fallback }: ProductModalProps) {
  return (
    <Modal open={open ?? product !== null} onClose={onClose} title={product?.title ?? 'Product'} size="lg">
      {header}
      {product ? <ProductDetails key={product._id} product={product} /> : fallback}
    </Modal>
  );
}

type Tone = 'info' | 'success' | 'error';

const TONE_CLASS: Record<Tone, string> = {
  info: '',
  success: 'font-medium text-green-700',
  error: 'font-medium text-red-700',
};

export function ProductDetails({
  product,
  placement = 'modal',
  imageSizes = MODAL_IMAGE_SIZES,
}: {
  product: Product;
  placement?: DetailsPlacement;
  /** The main picture's CSS width (srcset `sizes`). */
  imageSizes?: string;
}) {
  const [addToCart] = useAddToCartMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const loggedIn = useIsLoggedIn();
  const cartLoading = useAppSelector(selectCartLoading);
  const cartError = useAppSelector((state) => state.cart.error);

  const [variantId, setVariantId] = useState<string | null>(product.variants[0]?._id ?? null);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(false);
  const [tone, setTone] = useState<Tone>('info');
  const { message, show, clear } = useTimedMessage();
  const addedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = { quantity: useId(), visitDate: useId() };
  // A service is bought for a visit date (docs/shop-rules.md#service-products), tomorrow unless the buyer picks one.
  const bookable = isBookable(product.kind);
  const [visitDate, setVisitDate] = useState(() => serviceDateRange().from);

  useEffect(() => () => clearTimeout(addedTimer.current), []);

  const [quoting, setQuoting] = useState(false);
  const variant = product.variants.find((v) => v._id === variantId) ?? null;
  // A product sold on request is only asked for in a quote (docs/shop-rules.md#quotes): no price, no cart.
  const onRequest = product.priceOnRequest;
  const stock = variant ? variant.stock : product.stock;
  const limit = onRequest ? MAX_LINE_QUANTITY : stock;
  const price = variant ? variant.price : product.price;
  const listPrice = variant ? variant.listPrice : product.variants.length === 0 ? product.listPrice : undefined;
  // A size's own MRP; the product's is the cheapest size's, so it stands for a product without sizes only.
  const mrp = variant ? variant.mrp : product.variants.length === 0 ? product.mrp : null;
  const outOfStock = !(stock > 0);
  const lowStock = outOfStock ? null : lowStockText(stock, product.lowStockThreshold);

  const say = (text: string, kind: Tone) => {
    setTone(kind);
    show(text);
  };

  const label = variant?.size ? `${product.title} (${variant.size})` : product.title;
  const quantity = useOrderQuantity({ product, label, limit, stock, onRequest, say });

  const chooseVariant = (id: string) => {
    setVariantId(id);
    quantity.reset();
    clear();
  };

  /** A visitor goes to the login page and comes back to this product (with its background page). */
  const goToLogin = () => {
    const state: LoginState = { from: location.pathname, background: backgroundOf(location) ?? undefined };
    notify(MESSAGES.loginToAddToCart, 'info');
    void navigate(paths.login, { state });
  };

  const onAdd = async () => {
    if (saving || added) return;
    if (!loggedIn) {
      goToLogin();
      return;
    }
    if (outOfStock) {
      say(MESSAGES.productOutOfStock, 'error');
      return;
    }
    const problem = quantity.problem(quantity.shown) ?? serviceDateProblem(product, bookable ? visitDate : null);
    if (problem) {
      say(problem, 'error');
      return;
    }
    setSaving(true);
    clear();
    try {
      await addToCart({
        product,
        variant,
        quantity: quantity.shown,
        ...(bookable ? { serviceDate: visitDate } : {}),
      }).unwrap();
      say(MESSAGES.itemAdded, 'success');
      quantity.reset();
      setAdded(true);
      clearTimeout(addedTimer.current);
      addedTimer.current = setTimeout(() => setAdded(false), ADDED_STATE_MS);
    } catch {
      say(MESSAGES.cartUpdateFailed, 'error');
    } finally {
      setSaving(false);
    }
  };

  const buttonLabel = saving
    ? MESSAGES.addSaving
    : !loggedIn
      ? MESSAGES.addLoginToBuy
      : outOfStock
        ? MESSAGES.addUnavailable
        : MESSAGES.addToCart;
  // A logged-out or out-of-stock click still explains itself, so those states stay clickable.
  const looksDisabled = loggedIn && outOfStock;
  // Busy (saving, just added): the add button and the quantity buttons ignore clicks but keep focus.
  const addBusy = saving || added;
  const quantityDisabled = saving || (outOfStock && !onRequest);
  const requestQuote = () => (loggedIn ? setQuoting(true) : goToLogin());
  const minusOff = quantityDisabled || quantity.shown - quantity.pack < quantity.first;
  const quantityNote = orderQuantityNote(product);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="min-w-0">
        <ProductGallery images={product.images} title={product.title} sizes={imageSizes} />
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <ProductSummary
          product={product}
          price={price}
          mrp={mrp}
          listPrice={listPrice}
          stock={stock}
          lowStock={lowStock}
          onRequest={onRequest}
        />

        {product.variants.length > 0 && (
          <SizeChoices variants={product.variants} variantId={variantId} disabled={saving} onChoose={chooseVariant} />
        )}

        <QuantityBreaks product={product} price={price} />

        <div className="flex flex-wrap items-start gap-4">
          <QuantityInput
            id={ids.quantity}
            quantity={quantity.quantity}
            stock={limit}
            min={quantity.first}
            step={quantity.pack}
            note={quantityNote}
            disabled={quantityDisabled}
            minusOff={minusOff}
            onStep={quantity.step}
            onInput={quantity.input}
            onBlur={quantity.settle}
          />
          {bookable && (
            <VisitDateInput id={ids.visitDate} value={visitDate} disabled={saving} onChange={setVisitDate} />
          )}
        </div>

        <AddToCartBar
          placement={placement}
          onRequest={onRequest}
          buttonLabel={buttonLabel}
          looksDisabled={looksDisabled}
          busy={addBusy}
          onAdd={onAdd}
          onRequestQuote={requestQuote}
          status={
            <>
              {loggedIn && cartLoading && <p className="text-slate-500">{MESSAGES.loadingCart}</p>}
              {message && <p className={TONE_CLASS[tone]}>{message}</p>}
              {cartError && cartError !== message && <p className="text-red-600">{cartError}</p>}
            </>
          }
        />

        <ProductTaxDetails product={product} headingLevel={placement === 'page' ? 2 : 3} />
      </div>
      {quoting && (
        <Suspense fallback={null}>
          <RequestQuoteDialog
            lines={[
              {
                productId: product._id,
                variantId: variant?._id ?? null,
                title: product.title,
                size: variant?.size ?? null,
                quantity: quantity.quantity === '' ? 1 : quantity.quantity,
              },
            ]}
            onClose={() => setQuoting(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
