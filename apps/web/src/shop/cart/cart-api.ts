/**
 * The cart (docs/shop-rules.md#cart): its lines, which the storefront frame keeps, and its changes, which show at
 * once and go out one at a time. Injected into the one api of api/shop-api.ts; the store's cart slice
 * (store/cart-slice.ts) keeps the last failed change's message.
 */
import {
  cartLineKey,
  clampQuantity,
  keyOfLine,
  variantChoiceOf,
  type CartLine,
  type CartResponse,
  type Product,
} from '@pumpkart/shared';
import { hasSession, shopApi, type httpBaseQuery, type RequestArgs } from '../../api/shop-api';

export interface AddToCartArgs {
  product: Product;
  variant: { _id: string; size: string; price: number; stock: number } | null;
  quantity: number;
  /** A service's visit date, YYYY-MM-DD (docs/shop-rules.md#service-products); none for goods. */
  serviceDate?: string | null;
}

export interface CartLineArgs {
  productId: string;
  variantId: string | null;
}

export const cartApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The cart's lines; empty without a session. */
    getCart: build.query<CartLine[], void>({
      async queryFn(_arg, { dispatch, getState }, _extra, baseQuery) {
        if (!hasSession(getState())) return { data: [] };
        const answer = await baseQuery({ url: '/cart', contract: 'cartResponse' });
        if (answer.error) return { error: answer.error };
        // A change still on its way will answer with a newer list: keep the one on screen.
        const shown = cartChanges(dispatch).inFlight > 0 ? cachedCart(getState()) : undefined;
        return { data: shown ?? (answer.data as CartResponse).items };
      },
      keepUnusedDataFor: 60,
      providesTags: ['Cart'],
    }),
    /**
     * Adds at once (capped at the stock), then shows the server's list. An add the server will refuse
     * (a product with variants needs one of its own, a product without takes none) shows nothing.
     */
    addToCart: build.mutation<CartLine[], AddToCartArgs>({
      queryFn: ({ product, variant, quantity, serviceDate }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, {
          url: '/cart/add',
          method: 'POST',
          body: {
            productId: product._id,
            variantId: variant?._id ?? null,
            quantity,
            ...(serviceDate ? { serviceDate } : {}),
          },
        }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) => {
          if (variantChoiceOf(args.product.variants, args.variant?._id, (variant) => variant._id).problem) return items;
          const line = optimisticLine(args);
          const existing = items.find((item) => keyOfLine(item) === keyOfLine(line));
          if (!existing) return [...items, line];
          return items.map((item) =>
            item === existing
              ? {
                  ...item,
                  quantity: Math.min(item.quantity + args.quantity, line.stock),
                  serviceDate: args.serviceDate ?? item.serviceDate,
                }
              : item,
          );
        }),
    }),
    /**
     * Changes the quantity at once (clamped between 1 and the stock), and a service's visit date when given, then
     * shows the server's list.
     */
    updateCartItem: build.mutation<CartLine[], CartLineArgs & { quantity: number; serviceDate?: string }>({
      queryFn: ({ productId, variantId, quantity, serviceDate }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, {
          url: '/cart/update',
          method: 'PUT',
          body: { productId, variantId, quantity, ...(serviceDate === undefined ? {} : { serviceDate }) },
        }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) =>
          items.map((item) =>
            keyOfLine(item) === cartLineKey(args.productId, args.variantId)
              ? {
                  ...item,
                  quantity: clampQuantity(args.quantity, item.variant?.stock ?? item.stock),
                  serviceDate: args.serviceDate ?? item.serviceDate,
                }
              : item,
          ),
        ),
    }),
    /** Drops the line at once, then shows the server's list. */
    removeFromCart: build.mutation<CartLine[], CartLineArgs>({
      queryFn: ({ productId, variantId }, { dispatch }, _extra, baseQuery) =>
        cartChange(dispatch, baseQuery, { url: '/cart/remove', method: 'DELETE', body: { productId, variantId } }),
      onQueryStarted: (args, lifecycle) =>
        trackCartChange(lifecycle, (items) =>
          items.filter((item) => keyOfLine(item) !== cartLineKey(args.productId, args.variantId)),
        ),
    }),
    /** Empties the cart at once, then asks for it again. */
    clearCart: build.mutation<null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const answer = await inOrder(dispatch, async () => baseQuery({ url: '/cart/clear', method: 'DELETE' }));
        return answer.error ? { error: answer.error } : { data: null };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        dispatch(setCart([]));
        await queryFulfilled.catch(() => undefined);
        await dispatch(refreshCart());
      },
    }),
  }),
});

/**
 * The cart's changes in flight, per store (keyed by its dispatch). Quick clicks (plus, plus, minus)
 * must not race: a change is sent only once the one before it has been answered, and the server's
 * list replaces the one on screen only when no other change is still on its way, since an older
 * answer would otherwise overwrite a newer quantity shown at once (and the next click would count
 * from it).
 */
const cartQueues = new WeakMap<object, { tail: Promise<unknown>; running: number; inFlight: number }>();
function cartChanges(dispatch: object) {
  let queue = cartQueues.get(dispatch);
  if (!queue) {
    queue = { tail: Promise.resolve(), running: 0, inFlight: 0 };
    cartQueues.set(dispatch, queue);
  }
  return queue;
}

/** Starts the task at once when no cart change is running, else after the last one has been answered. */
function inOrder<T>(dispatch: object, task: () => Promise<T>): Promise<T> {
  const queue = cartChanges(dispatch);
  const run = queue.running === 0 ? task() : queue.tail.then(task, task);
  queue.running += 1;
  const done = () => {
    queue.running -= 1;
  };
  queue.tail = run.then(done, done);
  return run;
}

type BaseQuery = (args: RequestArgs) => ReturnType<typeof httpBaseQuery>;

async function cartChange(dispatch: object, baseQuery: BaseQuery, args: RequestArgs) {
  const answer = await inOrder(dispatch, async () => baseQuery({ ...args, contract: 'cartResponse' }));
  return answer.error ? { error: answer.error } : { data: (answer.data as CartResponse).items };
}

function cachedCart(state: unknown): CartLine[] | undefined {
  return cartApi.endpoints.getCart.select()(state as Parameters<ReturnType<typeof cartApi.endpoints.getCart.select>>[0])
    .data;
}

/** Asks the server for the cart again (after a payment, or to undo a failed change). */
export const refreshCart = () =>
  cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true });

/** Replaces the cart on screen (creating the cache entry when the cart was never loaded). */
const setCart = (items: CartLine[]) =>
  cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: undefined, value: items }]);

/**
 * Shows a cart change at once, then the server's list once no other change is on its way; a failed
 * change brings back the cart the server holds.
 */
async function trackCartChange(
  {
    dispatch,
    getState,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<{ data: CartLine[] }> },
  change: (items: CartLine[]) => CartLine[],
) {
  const queue = cartChanges(dispatch);
  queue.inFlight += 1;
  dispatch(setCart(change(cachedCart(getState()) ?? [])));
  try {
    const { data } = await queryFulfilled;
    queue.inFlight -= 1;
    if (queue.inFlight === 0) dispatch(setCart(data));
  } catch {
    queue.inFlight -= 1;
    void dispatch(refreshCart());
  }
}

/** The line an add shows before the server answers. */
function optimisticLine({ product, variant, quantity, serviceDate }: AddToCartArgs): CartLine {
  const stock = variant?.stock ?? product.stock;
  return {
    _id: `pending-${cartLineKey(product._id, variant?._id ?? null)}`,
    product: {
      _id: product._id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      price: product.price,
      stock: product.stock,
      active: product.active,
      images: product.images.map((image) => ({
        url: image.url,
        public_id: image.public_id ?? '',
        width: image.width ?? null,
        height: image.height ?? null,
        sizes: image.sizes ?? [],
      })),
      minOrderQty: product.minOrderQty,
      packSize: product.packSize,
      kind: product.kind,
    },
    variant: variant
      ? { _id: variant._id, size: variant.size, price: variant.price, mrp: null, stock: variant.stock }
      : null,
    variantId: variant?._id ?? null,
    quantity: Math.min(quantity, stock),
    serviceDate: serviceDate ?? null,
    price: variant?.price ?? product.price,
    stock,
  };
}

export const { useGetCartQuery, useAddToCartMutation, useUpdateCartItemMutation, useRemoveFromCartMutation } = cartApi;
