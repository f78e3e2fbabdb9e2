/**
 * The quantity a product's details are set to (docs/shop-rules.md#cart, #business-prices): it starts at the least
 * one may order and steps by packs; above `limit` says so (through `say`) and becomes the limit; below 1 becomes 1.
 * A typed quantity may be empty while typing, and is checked against the minimum and the pack size when the field
 * is left or the product added.
 */
import { useState } from 'react';
import { MESSAGES, orderQuantityProblem, smallestOrderQuantity, type Product } from '@pumpkart/shared';

export function useOrderQuantity({
  product,
  label,
  limit,
  stock,
  onRequest,
  say,
}: {
  product: Product;
  /** The product's title with the chosen size, as the messages name it. */
  label: string;
  limit: number;
  stock: number;
  /** A product sold on request has no stock message. */
  onRequest: boolean;
  say: (text: string, tone: 'error') => void;
}) {
  const first = smallestOrderQuantity(product);
  const pack = product.packSize;
  const [quantity, setQuantity] = useState<number | ''>(first);
  const shown = quantity === '' ? first : quantity;
  const problem = (value: number) => orderQuantityProblem(value, product, label);

  const change = (value: number) => {
    if (value > limit) {
      if (!onRequest) say(MESSAGES.onlyNInStock(stock), 'error');
      setQuantity(Math.max(limit, 1));
    } else if (value < 1) {
      setQuantity(1);
    } else {
      setQuantity(Math.floor(value));
    }
  };

  return {
    /** As typed: '' while the field is empty. */
    quantity,
    /** What an add orders: the typed quantity, or the first one while the field is empty. */
    shown,
    first,
    pack,
    problem,
    change,
    step: (packs: number) => change(shown + packs * pack),
    input: (text: string) => {
      if (text.trim() === '') setQuantity('');
      else if (Number.isFinite(Number(text))) change(Number(text));
    },
    /** Leaving the field: an empty one takes the first quantity; one the product is not sold in says why. */
    settle: () => {
      if (quantity === '') setQuantity(first);
      else {
        const found = problem(quantity);
        if (found) say(found, 'error');
      }
    },
    reset: () => setQuantity(first),
  };
}
