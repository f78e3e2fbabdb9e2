/**
 * GST groundwork for tax invoices: state codes and places of supply, the GSTIN check, the tax of an invoice and
 * its summaries, amounts in words, financial years and document numbers (docs/decisions/0009-gst-tax-computation.md).
 */
export * from './errors';
export * from './messages';
export * from './states';
export * from './gstin';
export * from './bill-to-ship-to';
export * from './eway-bill';
export * from './tax';
export * from './summary';
export * from './amount-in-words';
export * from './financial-year';
export * from './document';
export * from './gstr1-tables';
export * from './hsn-digits';
export * from './hsn-master';
