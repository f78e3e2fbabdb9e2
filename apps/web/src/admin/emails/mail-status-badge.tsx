/**
 * The state of an e-mail as a small label (docs/shop-rules.md#emails): the word itself, so the colour is never
 * the only clue; a failed one also carries a mark.
 */
import type { MailStatus } from '@pumpkart/shared';

export const MAIL_STATUS_TEXT: Record<MailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
};

const STYLES: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  kept: 'bg-sky-100 text-sky-900',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`}>
      {status === 'failed' && <span aria-hidden="true">! </span>}
      {MAIL_STATUS_TEXT[status]}
    </span>
  );
}
