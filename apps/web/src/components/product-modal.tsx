/**
 * The product detail modal (docs/shop-rules.md#catalog, #availability, #cart): image, title, price
 * with the struck-through original (1.1x, rounded up), category, brand, availability and the
 * low-stock line, the long description, variant buttons (a variant without stock is disabled), a
 * quantity selector and the add-to-cart button with its labels and messages.
 *
 * The details are keyed by product id, so opening the modal or switching product resets the state
 * (quantity 1, first variant, no message, not added).
 */
import { availabilityOf, lowStockText, MESSAGES, struckThroughPrice, type Product } from '@pumpkart/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useAddToCartMutation } from '../api/shop-api';
import { useAppSelector, useIsLoggedIn } from '../store/hooks';
import { selectCartLoading } from '../store/selectors';
import { Modal } from './modal';
import { Price, StruckPrice } from './price';
import { ProductImage } from './product-image';
import { useTimedMessage } from './use-timed-message';

/** How long the add button stays disabled after a successful add. */
export const ADDED_STATE_MS = 1200;

/**
 * The width the picture is shown at (srcset `sizes`): the modal is `max-w-3xl` (768 px) inside a
 * 16 px margin from 640 px (none below), its body has 20 px padding a side, and from 640 px the
 * picture takes one of two columns 20 px apart: (768 - 40 - 20) / 2 = 354 px once the viewport
 * reaches 800 px.
 */
export const MODAL_IMAGE_SIZES =
  '(min-width: 800px) 354px, (min-width: 640px) calc((100vw - 92px) / 2), calc(100vw - 40px)';

export function ProductModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={product?.title ?? 'Product'} size="lg">
      {product && <ProductDetails key={product._id} product={product} />}
    </Modal>
  );
}

type Tone = 'info' | 'success' | 'error';

function ProductDetails({ product }: { product: Product }) {
  const [addToCart] = useAddToCartMutation();
  const loggedIn = useIsLoggedIn();
  const cartLoading = useAppSelector(selectCartLoading);
  const cartError = useAppSelector((state) => state.cart.error);

  const [variantId, setVariantId] = useState<string | null>(product.variants[0]?._id ?? null);
  const [quantity, setQuantity] = useState<number | ''>(1);
  const [imageIndex, setImageIndex] = useState(0);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(false);
  const [tone, setTone] = useState<Tone>('info');
  const { message, show, clear } = useTimedMessage();
  const addedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = { quantity: useId() };

  useEffect(() => () => clearTimeout(addedTimer.current), []);

  const variant = product.variants.find((v) => v._id === variantId) ?? null;
  const stock = variant ? variant.stock : product.stock;
  const price = variant ? variant.price : product.price;
  const outOfStock = !(stock > 0);
  const lowStock = outOfStock ? null : lowStockText(stock, product.lowStockThreshold);
  const image = product.images[imageIndex] ?? product.images[0];

  const say = (text: string, kind: Tone) => {
    setTone(kind);
    show(text);
  };

  /** Quantity rules (docs/shop-rules.md#cart): above the stock says so and becomes the stock; below 1 becomes 1. */
  const changeQuantity = (value: number) => {
    if (value > stock) {
      say(MESSAGES.onlyNInStock(stock), 'error');
      setQuantity(Math.max(stock, 1));
    } else if (value < 1) {
      setQuantity(1);
    } else {
      setQuantity(Math.floor(value));
    }
  };

  const onQuantityInput = (text: string) => {
    if (text.trim() === '') {
      setQuantity('');
      return;
    }
    const value = Number(text);
    if (Number.isFinite(value)) changeQuantity(value);
  };

  const chooseVariant = (id: string) => {
    setVariantId(id);
    setQuantity(1);
    clear();
  };

  const onAdd = async () => {
    if (!loggedIn) {
      say(MESSAGES.loginToAddToCart, 'error');
      return;
    }
    if (outOfStock) {
      say(MESSAGES.productOutOfStock, 'error');
      return;
    }
    setSaving(true);
    clear();
    try {
      await addToCart({ product, variant, quantity: quantity === '' ? 1 : quantity }).unwrap();
      say(MESSAGES.itemAdded, 'success');
      setQuantity(1);
      setAdded(true);
      clearTimeout(addedTimer.current);
      addedTimer.current = setTimeout(() => setAdded(false), ADDED_STATE_MS);
    } catch {
      say(MESSAGES.cartUpdateFailed, 'error');
    } finally {
      setSaving(false);
    }
  };

  const label = saving
    ? MESSAGES.addSaving
    : !loggedIn
      ? MESSAGES.addLoginToBuy
      : outOfStock
        ? MESSAGES.addUnavailable
        : MESSAGES.addToCart;
  // A logged-out or out-of-stock click still explains itself, so those states stay clickable.
  const looksDisabled = loggedIn && outOfStock;
  const quantityDisabled = saving || outOfStock;
  const shownQuantity = quantity === '' ? 1 : quantity;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <ProductImage
          image={image}
          alt={product.title}
          width={600}
          height={450}
          sizes={MODAL_IMAGE_SIZES}
          eager
          className="aspect-[4/3] h-auto w-full rounded-lg bg-white"
        />
        {product.images.length > 1 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {product.images.map((img, index) => (
              <button
                key={img.url}
                type="button"
                onClick={() => setImageIndex(index)}
                aria-label={`Show picture ${index + 1} of ${product.images.length}`}
                aria-pressed={index === imageIndex}
                className={`overflow-hidden rounded-md ring-2 ${index === imageIndex ? 'ring-brand-600' : 'ring-transparent'}`}
              >
                <ProductImage image={img} alt="" width={64} height={48} sizes="64px" className="h-12 w-16 bg-white" />
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Price value={price} className="text-2xl" />
          <StruckPrice value={struckThroughPrice(price)} className="text-base" />
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">Category</dt>
          <dd className="font-medium">{product.category}</dd>
          <dt className="text-slate-500">Brand</dt>
          <dd className="font-medium">{product.brand || '—'}</dd>
          <dt className="text-slate-500">Availability</dt>
          <dd className={`font-medium ${outOfStock ? 'text-red-700' : 'text-green-700'}`}>{availabilityOf(stock)}</dd>
        </dl>
        {lowStock && <p className="text-sm font-semibold text-amber-700">{lowStock}</p>}

        {product.description && (
          <p className="whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">
            {product.description}
          </p>
        )}

        {product.variants.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Size</legend>
            <div className="flex flex-wrap gap-2">
              {product.variants.map((v) => {
                const extras = Object.entries(v.extra);
                const selected = v._id === variantId;
                return (
                  <button
                    key={v._id}
                    type="button"
                    onClick={() => chooseVariant(v._id)}
                    disabled={saving || !(v.stock > 0)}
                    aria-pressed={selected}
                    aria-label={[v.size, ...extras.map(([key, value]) => `${key}: ${value}`)].join(', ')}
                    className={`min-h-10 rounded-lg border px-3 py-1.5 text-left text-sm disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-400 disabled:line-through ${
                      selected
                        ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
                        : 'border-slate-300 bg-white hover:border-brand-600'
                    }`}
                  >
                    <span className="block">{v.size}</span>
                    {extras.map(([key, value]) => (
                      <span key={key} className="block text-xs font-normal text-slate-500">
                        {key}: {value}
                      </span>
                    ))}
                  </button>
                );
              })}
            </div>
          </fieldset>
        )}

        <div>
          <label htmlFor={ids.quantity} className="mb-1 block text-sm font-medium text-slate-700">
            Quantity
          </label>
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Decrease quantity"
              onClick={() => changeQuantity(shownQuantity - 1)}
              disabled={quantityDisabled || shownQuantity <= 1}
              className="h-10 w-10 rounded-lg border border-slate-300 text-lg hover:bg-slate-100 disabled:opacity-40"
            >
              −
            </button>
            <input
              id={ids.quantity}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(stock, 1)}
              value={quantity}
              onChange={(event) => onQuantityInput(event.target.value)}
              onBlur={() => quantity === '' && setQuantity(1)}
              disabled={quantityDisabled}
              className="h-10 w-20 rounded-lg border border-slate-300 px-2 text-center tabular-nums disabled:bg-slate-100"
            />
            <button
              type="button"
              aria-label="Increase quantity"
              onClick={() => changeQuantity(shownQuantity + 1)}
              disabled={quantityDisabled}
              className="h-10 w-10 rounded-lg border border-slate-300 text-lg hover:bg-slate-100 disabled:opacity-40"
            >
              +
            </button>
          </div>
        </div>

        <button
          type="button"
          onClick={onAdd}
          disabled={saving || added}
          aria-disabled={looksDisabled || undefined}
          className={`mt-1 w-full rounded-lg px-4 py-3 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${
            looksDisabled ? 'bg-slate-300 text-slate-700' : 'bg-accent-500 text-slate-900 hover:bg-amber-400'
          }`}
        >
          {label}
        </button>

        <div className="min-h-6 space-y-1 text-sm" aria-live="polite" role="status">
          {loggedIn && cartLoading && <p className="text-slate-500">{MESSAGES.loadingCart}</p>}
          {message && (
            <p
              className={
                tone === 'success' ? 'font-medium text-green-700' : tone === 'error' ? 'font-medium text-red-700' : ''
              }
            >
              {message}
            </p>
          )}
          {cartError && cartError !== message && <p className="text-red-600">{cartError}</p>}
        </div>
      </div>
    </div>
  );
}
