/**
 * Delivery charge tiers (docs/shop-rules.md#delivery), computed in paise so that client and
 * server always agree to the paisa.
 */

/** Tiers, highest threshold first: subtotal (paise) at or above `fromPaise` pays `percent`. */
export const DELIVERY_TIERS = [
  { fromPaise: 50_000_00, percent: 2 },
  { fromPaise: 10_000_00, percent: 4 },
  { fromPaise: 1_000_00, percent: 6 },
  { fromPaise: 0, percent: 8 },
] as const;

export function deliveryPercent(subtotalPaise: number): number {
  const tier = DELIVERY_TIERS.find((t) => subtotalPaise >= t.fromPaise);
  return tier ? tier.percent : 8;
}

/** Delivery charge in paise for a subtotal in paise, rounded to the nearest paisa. */
export function deliveryChargePaise(subtotalPaise: number): number {
  if (subtotalPaise <= 0) return 0;
  return Math.round((subtotalPaise * deliveryPercent(subtotalPaise)) / 100);
}

export interface OrderTotals {
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** Subtotal, delivery charge and total payable for lines priced in paise. */
export function orderTotals(lines: ReadonlyArray<{ unitPricePaise: number; quantity: number }>): OrderTotals {
  const subtotalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const shippingPaise = deliveryChargePaise(subtotalPaise);
  return { subtotalPaise, shippingPaise, totalPaise: subtotalPaise + shippingPaise };
}
