/**
 * The words for a checkout or payment that could not go on (docs/shop-rules.md#payments): the
 * server's message, else 'Checkout failed (backend error)'; with no response the retry text;
 * otherwise 'Checkout failed: {message}'.
 */
import { MESSAGES } from '@pumpkart/shared';
import { errorMessage, isHttpFailure, isNoResponse } from '../../api/http';

export function checkoutErrorMessage(error: unknown): string {
  if (isHttpFailure(error)) return errorMessage(error, MESSAGES.checkoutBackendError);
  if (isNoResponse(error)) return MESSAGES.checkoutNoResponse;
  if (error instanceof Error && error.message) return MESSAGES.checkoutFailedWith(error.message);
  return MESSAGES.checkoutFailed;
}
