/**
 * "Test mode — no money is taken": shown on every storefront and admin page while the server takes
 * payments through its sandbox gateway (GET /api/payments/config says which gateway;
 * docs/decisions/0007-production-safety.md). A slim strip fixed to the bottom of the window, so that
 * it stays in view and, appearing once the config arrives, moves nothing already on the page (no
 * layout shift); a spacer of its height at the end of the page keeps it off the footer's last line.
 */
import { useEffect, useState } from 'react';
import { paymentsApi } from '../api/endpoints';

export const TEST_MODE_TEXT = 'Test mode — no money is taken';

let sandboxPromise: Promise<boolean> | null = null;

/** Whether the server's gateway is the sandbox: asked once per page life, false until known or on error. */
function loadIsSandbox(): Promise<boolean> {
  sandboxPromise ??= paymentsApi.config().then(
    (config) => config.gateway === 'sandbox',
    () => {
      sandboxPromise = null; // asked again on the next mount
      return false;
    },
  );
  return sandboxPromise;
}

export function TestModeBanner({ className = '' }: { className?: string }) {
  const [sandbox, setSandbox] = useState(false);

  useEffect(() => {
    let active = true;
    void loadIsSandbox().then((value) => {
      if (active) setSandbox(value);
    });
    return () => {
      active = false;
    };
  }, []);

  if (!sandbox) return null;
  return (
    <>
      <div aria-hidden="true" className="h-7 shrink-0" />
      <p
        role="status"
        data-testid="test-mode-banner"
        className={`fixed inset-x-0 bottom-0 z-40 h-7 bg-amber-300 text-center text-sm font-semibold leading-7 text-amber-950 shadow-[0_-1px_3px_rgba(0,0,0,0.15)] ${className}`}
      >
        {TEST_MODE_TEXT}
      </p>
    </>
  );
}

/** Tests only: forget the cached answer. */
export function resetTestModeBannerState(): void {
  sandboxPromise = null;
}
