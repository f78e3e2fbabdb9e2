/** The store's business details and the GST tax documents with their numbering. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_AGGREGATE_TURNOVER_BAND,
  DEFAULT_MAX_UNITS_PER_PRODUCT,
  DEFAULT_RETURN_WINDOW_DAYS,
  type AggregateTurnoverBand,
  type BankDetails,
  type DeliveryTaxMethod,
  type TaxDocument,
} from '@pumpkart/shared';
import { money, createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { orderReturns } from './returns';

/** The three kinds of tax document, and the three numbering series. */
export type TaxDocumentKind = TaxDocument['kind'];

/** Where a B2B document stands with the Invoice Registration Portal (docs/decisions/0029-e-invoicing.md). */
export type EinvoiceStatus = 'pending' | 'registered' | 'cancelled';

/**
 * The store's business details (docs/shop-rules.md#store-settings): one row, id 1. The PAN is the GSTIN's
 * characters 3 to 12 and the invoice prefix 1 to 3 capitals or digits other than CN; the shared schema checks
 * the rest (the GSTIN's check character, the state against the GSTIN's state code).
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    tradeName: text('trade_name').notNull(),
    gstin: text('gstin').notNull(),
    pan: text('pan').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    /** The GST name of the state, e.g. 'Maharashtra'. */
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    authorisedSignatory: text('authorised_signatory').notNull(),
    grievanceOfficerName: text('grievance_officer_name').notNull(),
    grievanceOfficerDesignation: text('grievance_officer_designation').notNull(),
    /** A product without an MRP shows price x 1.1 struck through (docs/shop-rules.md#mrp): the demo's default. */
    computedOriginalPrice: boolean('computed_original_price').notNull().default(true),
    /** The most units of one product one unpaid order may hold (docs/shop-rules.md#orders). */
    /** The store's bank account shown for bank transfers, and whether they are offered (docs/shop-rules.md#bank-transfer). */
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    maxUnitsPerProduct: integer('max_units_per_product').notNull().default(DEFAULT_MAX_UNITS_PER_PRODUCT),
    /** Days after delivery in which a return may be asked for, 0 for none (docs/shop-rules.md#returns). */
    returnWindowDays: integer('return_window_days').notNull().default(DEFAULT_RETURN_WINDOW_DAYS),
    /** How invoices tax the delivery charge (docs/decisions/0024-delivery-charge-tax.md). */
    deliveryTaxMethod: text('delivery_tax_method').$type<DeliveryTaxMethod>().notNull().default('apportioned'),
    /**
     * The previous financial year's aggregate turnover, up to or above ₹5 crore: how many HSN digits products need
     * (docs/decisions/0027-hsn-digits-and-master.md) and whether e-invoicing applies.
     */
    aggregateTurnoverBand: text('aggregate_turnover_band')
      .$type<AggregateTurnoverBand>()
      .notNull()
      .default(DEFAULT_AGGREGATE_TURNOVER_BAND),
    /**
     * Whether B2B invoices and notes are reported to the Invoice Registration Portal before they are final
     * (docs/decisions/0029-e-invoicing.md) although last year's turnover was up to ₹5 crore: required when the
     * aggregate turnover of any previous year since 2017-18 exceeds ₹5 crore (Notification 10/2023–Central Tax).
     */
    einvoiceEnabled: boolean('einvoice_enabled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('store_settings_one_row', sql`${table.id} = 1`),
    check('store_settings_gstin_format', sql`${table.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`),
    check('store_settings_pan_in_gstin', sql`${table.pan} = substr(${table.gstin}, 3, 10)`),
    check('store_settings_max_units_per_product', sql`${table.maxUnitsPerProduct} between 1 and 1000`),
    check('store_settings_return_window_days', sql`${table.returnWindowDays} between 0 and 90`),
    check('store_settings_delivery_tax_method', sql`${table.deliveryTaxMethod} in ('apportioned', 'highest-rate')`),
    check(
      'store_settings_aggregate_turnover_band',
      sql`${table.aggregateTurnoverBand} in ('up-to-5-crore', 'above-5-crore')`,
    ),
    check(
      'store_settings_invoice_prefix',
      sql`${table.invoicePrefix} ~ '^[A-Z0-9]{1,3}$' and ${table.invoicePrefix} <> 'CN'`,
    ),
  ],
);

/**
 * Issued tax invoices and credit notes (docs/shop-rules.md#invoices, CGST Rules 46 and 53). `document` is the
 * snapshot rendered to PDF at every download, so an issued document never changes; the totals are copied out of it
 * for reports. One invoice per order, at most one credit note cancelling it and one per return, debit notes as
 * needed; numbers are unique per seller GSTIN, and consecutive within a GSTIN, kind and financial year
 * (document_sequences). Rows are never deleted, so an order with one cannot be deleted.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The seller's GSTIN on the document: its series and its GSTR-1 are that GSTIN's (docs/shop-rules.md#invoices). */
    sellerGstin: text('seller_gstin').notNull(),
    number: text('number').notNull(),
    /** e.g. '2026-27' (by the date of issue in India). */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
    taxablePaise: money('taxable_paise').notNull(),
    cgstPaise: money('cgst_paise').notNull(),
    sgstPaise: money('sgst_paise').notNull(),
    utgstPaise: money('utgst_paise').notNull(),
    igstPaise: money('igst_paise').notNull(),
    totalPaise: money('total_paise').notNull(),
    buyerGstin: text('buyer_gstin'),
    /** The GST state code of the place of supply, e.g. '29'. */
    placeOfSupply: text('place_of_supply').notNull(),
    /**
     * E-invoicing (docs/decisions/0029-e-invoicing.md): null for a document that is not reported (B2C, or the
     * store's switch off); 'pending' until the IRP registers it, then 'registered' with the IRN, the
     * acknowledgement and the signed QR code (a JWT); 'cancelled' once its IRN is cancelled within 24 hours.
     */
    einvoiceStatus: text('einvoice_status').$type<EinvoiceStatus>(),
    irn: text('irn'),
    signedQrCode: text('signed_qr_code'),
    ackNo: text('ack_no'),
    ackDate: timestamp('ack_date', { withTimezone: true }),
    /** Reporting attempts so far; an attempt's claim (the lease) is a conditional update of this count. */
    einvoiceAttempts: integer('einvoice_attempts').notNull().default(0),
    /** When a pending document is next reported (a failed attempt waits longer each time). */
    einvoiceNextAttemptAt: timestamp('einvoice_next_attempt_at', { withTimezone: true }),
    /** The IRP's last refusal or the transport's failure, for the admin. */
    einvoiceError: text('einvoice_error'),
    irnCancelledAt: timestamp('irn_cancelled_at', { withTimezone: true }),
    /** The IRP's cancellation reason code ('1' duplicate ... '4' others) and the remark. */
    irnCancelReason: text('irn_cancel_reason'),
    /** A credit or debit note's invoice. */
    referenceId: uuid('reference_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    /** A credit note's return (null for the credit note of a cancellation). */
    returnId: uuid('return_id').references(() => orderReturns.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('tax_documents_kind', sql`${table.kind} in ('invoice', 'credit-note', 'debit-note')`),
    check('tax_documents_sequence_positive', sql`${table.sequence} >= 1`),
    check(
      'tax_documents_einvoice_status',
      sql`${table.einvoiceStatus} is null or (${table.einvoiceStatus} in ('pending', 'registered', 'cancelled') and ${table.buyerGstin} is not null)`,
    ),
    check(
      'tax_documents_einvoice_registered',
      sql`${table.einvoiceStatus} = 'pending' or ${table.einvoiceStatus} is null or (${table.irn} is not null and ${table.ackNo} is not null and ${table.signedQrCode} is not null)`,
    ),
    check(
      'tax_documents_credit_note_reference',
      sql`(${table.kind} <> 'invoice') = (${table.referenceId} is not null)`,
    ),
    check('tax_documents_return_credit_note', sql`${table.returnId} is null or ${table.kind} = 'credit-note'`),
    // One invoice per order, one credit note cancelling it, one credit note per return; debit notes as many as needed.
    uniqueIndex('tax_documents_order_invoice_unique')
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('tax_documents_order_cancellation_unique')
      .on(table.orderId)
      .where(sql`${table.kind} = 'credit-note' and ${table.returnId} is null`),
    uniqueIndex('tax_documents_return_unique')
      .on(table.returnId)
      .where(sql`${table.returnId} is not null`),
    index('tax_documents_order_idx').on(table.orderId),
    unique('tax_documents_number_unique').on(table.sellerGstin, table.number),
    unique('tax_documents_series_unique').on(table.sellerGstin, table.kind, table.financialYear, table.sequence),
    index('tax_documents_issued_idx').on(table.issuedAt),
    // The reporter's due documents: only the few pending rows are in it.
    index('tax_documents_einvoice_due_idx')
      .on(table.einvoiceNextAttemptAt)
      .where(sql`${table.einvoiceStatus} = 'pending'`),
  ],
);

/**
 * The next number of each series (invoices, credit notes) of each seller GSTIN in each financial year. Taken with one upsert inside
 * the issuing transaction: the row lock orders concurrent issuers and a rollback gives the number back, so the
 * numbers have no gaps (docs/shop-rules.md#invoices).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    sellerGstin: text('seller_gstin').notNull(),
    series: text('series').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    /** The number the next document of the series gets. */
    nextValue: integer('next_value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sellerGstin, table.series, table.financialYear] }),
    check('document_sequences_series', sql`${table.series} in ('invoice', 'credit-note', 'debit-note')`),
    check('document_sequences_next_value_positive', sql`${table.nextValue} >= 1`),
  ],
);
