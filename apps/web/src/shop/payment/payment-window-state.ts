/**
 * Whether a payment window is open right now (docs/shop-rules.md#payments): while it is, the order
 * being paid must not change under it, so the cart locks its controls. A tiny external store
 * (useSyncExternalStore), set only by use-pay-order.ts.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setPaymentWindowOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = () => open;

/** True while a payment window is open. */
export function usePaymentWindowOpen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
