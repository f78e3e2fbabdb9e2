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
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_MAX_UNITS_PER_PRODUCT, type DeliveryTaxMethod, type TaxDocument } from '@pumpkart/shared';
import { money, createdAt, updatedAt } from './columns';
import { orders } from './orders';

/** The two kinds of tax document, and the two numbering series. */
export type TaxDocumentKind = TaxDocument['kind'];

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
    maxUnitsPerProduct: integer('max_units_per_product').notNull().default(DEFAULT_MAX_UNITS_PER_PRODUCT),
    /** How invoices tax the delivery charge (docs/decisions/0024-delivery-charge-tax.md). */
    deliveryTaxMethod: text('delivery_tax_method').$type<DeliveryTaxMethod>().notNull().default('apportioned'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('store_settings_one_row', sql`${table.id} = 1`),
    check('store_settings_gstin_format', sql`${table.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`),
    check('store_settings_pan_in_gstin', sql`${table.pan} = substr(${table.gstin}, 3, 10)`),
    check('store_settings_max_units_per_product', sql`${table.maxUnitsPerProduct} between 1 and 1000`),
    check('store_settings_delivery_tax_method', sql`${table.deliveryTaxMethod} in ('apportioned', 'highest-rate')`),
    check(
      'store_settings_invoice_prefix',
      sql`${table.invoicePrefix} ~ '^[A-Z0-9]{1,3}$' and ${table.invoicePrefix} <> 'CN'`,
    ),
  ],
);

/**
 * Issued tax invoices and credit notes (docs/shop-rules.md#invoices, CGST Rules 46 and 53). `document` is the
 * snapshot rendered to PDF at every download, so an issued document never changes; the totals are copied out of it
 * for reports. One invoice and at most one credit note per order; numbers are unique, and consecutive within a
 * kind and financial year (document_sequences). Rows are never deleted, so an order with one cannot be deleted.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
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
    /** E-invoicing: the IRN and signed QR code, empty until the seller must use it. */
    irn: text('irn'),
    signedQrCode: text('signed_qr_code'),
    /** A credit note's invoice. */
    referenceId: uuid('reference_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('tax_documents_kind', sql`${table.kind} in ('invoice', 'credit-note')`),
    check('tax_documents_sequence_positive', sql`${table.sequence} >= 1`),
    check(
      'tax_documents_credit_note_reference',
      sql`(${table.kind} = 'credit-note') = (${table.referenceId} is not null)`,
    ),
    unique('tax_documents_order_kind_unique').on(table.orderId, table.kind),
    unique('tax_documents_series_unique').on(table.kind, table.financialYear, table.sequence),
    index('tax_documents_issued_idx').on(table.issuedAt),
  ],
);

/**
 * The next number of each series (invoices, credit notes) in each financial year. Taken with one upsert inside
 * the issuing transaction: the row lock orders concurrent issuers and a rollback gives the number back, so the
 * numbers have no gaps (docs/shop-rules.md#invoices).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    /** The number the next document of the series gets. */
    nextValue: integer('next_value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.financialYear] }),
    check('document_sequences_series', sql`${table.series} in ('invoice', 'credit-note')`),
    check('document_sequences_next_value_positive', sql`${table.nextValue} >= 1`),
  ],
);
