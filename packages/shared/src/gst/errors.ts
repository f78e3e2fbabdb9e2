/**
 * The one error the GST helpers throw for input they refuse (an unknown rate, a negative amount, a too-long
 * prefix...): a RangeError whose message is one of GST_MESSAGES, so a caller can show it as it is
 * (docs/decisions/0009-gst-tax-computation.md).
 */
export class GstInputError extends RangeError {
  override name = 'GstInputError';
}
