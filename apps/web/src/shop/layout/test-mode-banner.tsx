/**
 * "Test mode — no money is taken": shown on every storefront and admin page while the server takes
 * payments through its sandbox gateway (GET /api/payments/config says which gateway;
 * docs/decisions/0007-production-safety.md). A slim strip fixed to the bottom of the window, so that
 * it stays in view and, appearing once the config arrives, moves nothing already on the page (no
 * layout shift); a spacer of its height at the end of the page keeps it off the footer's last line.
 */
import { useGetPaymentsConfigQuery } from '../payment/payment-api';

export const TEST_MODE_TEXT = 'Test mode — no money is taken';

export function TestModeBanner({ className = '' }: { className?: string }) {
  // Asked once per page life (again on the next mount after a failure); hidden until known.
  const { data: config } = useGetPaymentsConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  if (config?.gateway !== 'sandbox') return null;
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
