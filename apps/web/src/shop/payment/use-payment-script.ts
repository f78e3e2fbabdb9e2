/**
 * Loads the payment provider's script once per page life: the server says which script
 * (GET /api/payments/config, docs/shop-rules.md#payments), and checkout stays disabled until it has
 * loaded. The config and the script are shared by every component that asks, so navigating away
 * and back never loads the script twice. A failure is logged and retried on the next mount. Shared by
 * the checkout, My Orders and the order confirmation, which can all open the payment window.
 */
import { useEffect, useState } from 'react';
import type { CheckoutConfig } from '@pumpkart/shared';
import { useGetPaymentsConfigQuery } from './payment-api';

const scripts = new Map<string, Promise<void>>();

/** Adds the script tag once; resolves when window.Razorpay exists. */
function loadPaymentScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let pending = scripts.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.paymentScript = 'true';
      script.onload = () =>
        window.Razorpay ? resolve() : reject(new Error(`${src} loaded but defined no payment window`));
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load the payment script ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, pending);
  }
  return pending;
}

interface PaymentScriptState {
  /** The server's checkout config (COD flag, shop name, theme colour), once known. */
  config: CheckoutConfig | null;
  /** The payment window can be opened. */
  loaded: boolean;
}

export function usePaymentScript(): PaymentScriptState {
  // Asked once per page life: a mount does not ask again once the config is known.
  const { data: config = null, error } = useGetPaymentsConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  const [loaded, setLoaded] = useState(() => Boolean(config && window.Razorpay));

  useEffect(() => {
    if (error) console.error('The payment system could not be loaded', error);
  }, [error]);

  useEffect(() => {
    if (!config) return;
    let active = true;
    loadPaymentScript(config.scriptUrl)
      .then(() => {
        if (active) setLoaded(true);
      })
      .catch((failure: unknown) => console.error('The payment system could not be loaded', failure));
    return () => {
      active = false;
    };
  }, [config]);

  return { config, loaded };
}

/** Tests only: forget the loaded scripts. */
export function resetPaymentScriptState(): void {
  scripts.clear();
  document.querySelectorAll('script[data-payment-script]').forEach((script) => script.remove());
}
