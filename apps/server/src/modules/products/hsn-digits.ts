/**
 * The HSN digits a product needs by the store's aggregate turnover band (docs/shop-rules.md#tax-data,
 * docs/decisions/0027-hsn-digits-and-master.md): above ₹5 crore, a code of 4 digits is refused when a product is
 * saved (the form) or imported (the CSV); up to ₹5 crore, 4 digits suffice. Codes already stored stay until edited.
 */
import { DEFAULT_AGGREGATE_TURNOVER_BAND, hsnDigitsProblem, type AggregateTurnoverBand } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { findStoreSettings } from '../settings';

/** The store's band; up to ₹5 crore until the business details are entered. */
export async function turnoverBand(ctx: Pick<AppContext, 'db'>): Promise<AggregateTurnoverBand> {
  return (await findStoreSettings(ctx))?.aggregateTurnoverBand ?? DEFAULT_AGGREGATE_TURNOVER_BAND;
}

/** 400 naming the HSN code when the form's code is shorter than the band allows; a code not sent is not checked. */
export async function assertHsnDigits(ctx: Pick<AppContext, 'db'>, hsnCode: string | null | undefined): Promise<void> {
  const problem = hsnDigitsProblem(hsnCode, await turnoverBand(ctx));
  if (problem) throw new BadRequestError(problem, [{ path: 'hsnCode', message: problem }]);
}
