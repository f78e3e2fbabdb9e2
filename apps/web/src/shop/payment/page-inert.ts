/**
 * The page behind a payment window (docs/shop-rules.md#payments): the app (#root) and its own
 * dialogs and panels, all children of <body>, are made inert, so neither Tab, a click nor a screen
 * reader reaches them. Left alone: the notifications (`data-keep-active`, ui/inert.ts) and
 * the provider's own window, which Razorpay adds to <body> too (its container, kept between
 * openings, carries "razorpay" in its class; the built-in sandbox's overlay `data-razorpay-sandbox`).
 * Returns the undo, which gives back exactly what it took.
 */
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/inert';

const isPaymentProviderElement = (element: HTMLElement) =>
  element.hasAttribute('data-razorpay-sandbox') || /razorpay/i.test(`${element.id} ${element.className}`);

export function makePageInert(): () => void {
  const made: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement) || child.inert) continue;
    if (child.hasAttribute(KEEP_ACTIVE_ATTRIBUTE) || isPaymentProviderElement(child)) continue;
    if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue;
    child.inert = true;
    made.push(child);
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}
