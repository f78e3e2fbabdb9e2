/**
 * Tax invoices and credit notes (docs/shop-rules.md#invoices, docs/decisions/0009-gst-tax-computation.md). Others
 * use: the issue functions (payments at settlement and COD "Mark as Paid", orders at "shipped" and at every
 * cancellation, the seed's demo history), the documents of orders (the order DTO, whose statement reads them as
 * JSON beside the order, and the mails' attachments) and their invoice figures (the orders CSV export), the PDF of one document (the
 * orders module's download routes) and certificatesOf (order lines copy their product's certificates).
 * The admin's GST report of a month (report-routes.ts, registered by app.ts under /api/admin), and e-invoicing
 * (einvoice-*.ts): the reporter app.ts starts and the owner's E-invoices routes. Returns (modules/returns) issue a
 * return's credit note and the owner's debit notes (issue-notes.ts).
 * Depends on settings only (the seller's details), so orders and payments may both import it.
 */
export { issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from './issuing';
export type { TaxDocumentRow } from './store/issue';
export { invoiceEwayBillFile, taxDocumentFileName, taxDocumentPdf, taxDocumentPdfById } from './downloads';
export type { DocumentCopy, TransportDetails } from './pdf';
export { deliveryShareOf, issueDebitNote, issueReturnCreditNote, type ReturnCreditNoteOutcome } from './issue-notes';
export { debitNotesOf } from './store/notes';
export {
  invoiceFiguresOfOrders,
  taxDocumentRefJson,
  taxDocumentsJson,
  taxDocumentsOf,
  taxDocumentsOfOrders,
  type InvoiceFigures,
  type OrderTaxDocuments,
  type TaxDocumentJson,
} from './store/documents';
export { certificatesOf } from './snapshot';
export { default as gstReportRoutes } from './report-routes';
export { default as einvoiceRoutes } from './einvoice-routes';
export { createEinvoiceReporter, reportDueEinvoices } from './einvoice-reporter';
export { proformaPdf, type ProformaSource } from './proforma';
