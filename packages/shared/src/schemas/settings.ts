/**
 * Contracts of /api/settings/store: the store's business details that the footer, the contact page and the tax
 * invoices show (docs/shop-rules.md#store-settings). The GSTIN passes the full check (validateGstin); the PAN is
 * the GSTIN's characters 3 to 12; the registered address lies in the GSTIN's state; the invoice prefix is one
 * that formatInvoiceNumber accepts (docs/decisions/0009-gst-tax-computation.md). Every field's problem is
 * reported, not only the first.
 */
import { z } from 'zod';
import {
  AGGREGATE_TURNOVER_BANDS,
  CREDIT_NOTE_PREFIX,
  DEBIT_NOTE_PREFIX,
  DELIVERY_TAX_METHODS,
  findGstState,
  GST_MESSAGES,
  gstStateByCode,
  validateGstin,
} from '../gst';
import { TAX_DATA_MESSAGES } from '../messages';
import { DEFAULT_MAX_UNITS_PER_PRODUCT, MAX_LINE_QUANTITY, MAX_RETURN_WINDOW_DAYS } from '../constants';
import { bankDetailsDtoSchema, bankDetailsSchema } from '../bank-transfer';
import { emailSchema, phoneSchema, postalCodeSchema, textSchema } from './fields';

/** Length limits of the store's details (docs/shop-rules.md#store-settings). */
export const STORE_SETTINGS_LIMITS = { name: 200, line: 200, city: 100, state: 100, person: 100 } as const;

/** 1 to 3 letters or digits: every invoice number PREFIX/26-27/000123 then fits in 16 characters. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,3}$/;
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** A required text: trimmed, `requiredMessage` when missing or empty, at most `max` characters. */
function requiredText(label: string, requiredMessage: string, max: number) {
  return textSchema(label, { error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, TAX_DATA_MESSAGES.tooLong(label, max));
}

const gstinSchema = z.string({ error: GST_MESSAGES.gstinRequired }).transform((value, ctx) => {
  const check = validateGstin(value);
  if (check.ok) return check.gstin;
  ctx.addIssue({ code: 'custom', message: check.reason });
  return z.NEVER;
});

const panSchema = z
  .string({ error: TAX_DATA_MESSAGES.panRequired })
  .trim()
  .toUpperCase()
  .min(1, TAX_DATA_MESSAGES.panRequired)
  .regex(PAN_PATTERN, TAX_DATA_MESSAGES.panFormat);

/** A state or union territory as typed ('MH', 'maharashtra'), stored as its GST name ('Maharashtra'). */
const stateSchema = requiredText('State', TAX_DATA_MESSAGES.stateRequired, STORE_SETTINGS_LIMITS.state).transform(
  (value, ctx) => {
    const state = findGstState(value);
    if (state) return state.name;
    ctx.addIssue({ code: 'custom', message: TAX_DATA_MESSAGES.stateUnknown(value) });
    return z.NEVER;
  },
);

const invoicePrefixSchema = z
  .string({ error: TAX_DATA_MESSAGES.invoicePrefixFormat })
  .trim()
  .toUpperCase()
  .regex(INVOICE_PREFIX_PATTERN, TAX_DATA_MESSAGES.invoicePrefixFormat)
  .refine((prefix) => prefix !== CREDIT_NOTE_PREFIX, TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes)
  .refine((prefix) => prefix !== DEBIT_NOTE_PREFIX, TAX_DATA_MESSAGES.invoicePrefixIsDebitNotes);

export const registeredAddressInputSchema = z.object(
  {
    line1: requiredText('Address line 1', TAX_DATA_MESSAGES.line1Required, STORE_SETTINGS_LIMITS.line),
    line2: textSchema('Address line 2')
      .trim()
      .max(STORE_SETTINGS_LIMITS.line, TAX_DATA_MESSAGES.tooLong('Address line 2', STORE_SETTINGS_LIMITS.line))
      .optional()
      .default(''),
    city: requiredText('City', TAX_DATA_MESSAGES.cityRequired, STORE_SETTINGS_LIMITS.city),
    state: stateSchema,
    postalCode: z.string({ error: 'Postal code must be exactly 6 digits.' }).pipe(postalCodeSchema),
  },
  { error: TAX_DATA_MESSAGES.line1Required },
);

type Payload = { issues: readonly { path?: readonly PropertyKey[] }[] };
/** True when no problem was found so far at `path`, inside it, or at an object that holds it. */
const fine = (payload: Payload, ...path: string[]) =>
  !payload.issues.some((issue) => {
    const at = issue.path ?? [];
    return at.slice(0, path.length).every((key, index) => key === path[index]);
  });

const returnWindowMessage = `The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.`;

const maxUnitsMessage = `The units of one product per unpaid order must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

/** The body of PUT /api/settings/store: everything the owner enters (docs/shop-rules.md#store-settings). */
export const storeSettingsInputSchema = z
  .object({
    legalName: requiredText('Legal name', TAX_DATA_MESSAGES.legalNameRequired, STORE_SETTINGS_LIMITS.name),
    tradeName: requiredText('Trade name', TAX_DATA_MESSAGES.tradeNameRequired, STORE_SETTINGS_LIMITS.name),
    gstin: gstinSchema,
    pan: panSchema,
    registeredAddress: registeredAddressInputSchema,
    email: z.string({ error: 'Enter a valid email address.' }).pipe(emailSchema),
    phone: z.string({ error: 'Phone must be exactly 10 digits.' }).pipe(phoneSchema),
    invoicePrefix: invoicePrefixSchema,
    authorisedSignatory: requiredText(
      'Authorised signatory',
      TAX_DATA_MESSAGES.authorisedSignatoryRequired,
      STORE_SETTINGS_LIMITS.person,
    ),
    grievanceOfficer: z.object(
      {
        name: requiredText(
          'Grievance officer name',
          TAX_DATA_MESSAGES.grievanceOfficerNameRequired,
          STORE_SETTINGS_LIMITS.person,
        ),
        designation: requiredText(
          'Grievance officer designation',
          TAX_DATA_MESSAGES.grievanceOfficerDesignationRequired,
          STORE_SETTINGS_LIMITS.person,
        ),
      },
      { error: TAX_DATA_MESSAGES.grievanceOfficerNameRequired },
    ),
    /**
     * The spec's struck-through price x 1.1 for a product without an MRP (docs/shop-rules.md#mrp); not sent: kept as
     * stored (on for a new row).
     */
    computedOriginalPrice: z.boolean({ error: 'computedOriginalPrice must be true or false.' }).optional(),
    /**
     * How an invoice taxes the delivery charge (docs/decisions/0024-delivery-charge-tax.md); not sent: kept as stored
     * (apportioned for a new row).
     */
    deliveryTaxMethod: z
      .enum(DELIVERY_TAX_METHODS, { error: 'deliveryTaxMethod must be apportioned or highest-rate.' })
      .optional(),
    /**
     * The previous financial year's aggregate turnover, up to or above ₹5 crore
     * (docs/decisions/0027-hsn-digits-and-master.md); not sent: kept as stored (up to ₹5 crore for a new row).
     */
    aggregateTurnoverBand: z
      .enum(AGGREGATE_TURNOVER_BANDS, { error: 'aggregateTurnoverBand must be up-to-5-crore or above-5-crore.' })
      .optional(),
    /**
     * Whether B2B invoices and notes are reported to the Invoice Registration Portal (e-invoicing,
     * docs/decisions/0029-e-invoicing.md); not sent: kept as stored (off for a new row).
     */
    einvoiceEnabled: z.boolean({ error: 'einvoiceEnabled must be true or false.' }).optional(),
    /**
     * Days after delivery in which the buyer may ask to return goods, 0 for no returns (docs/shop-rules.md#returns);
     * not sent: kept as stored (DEFAULT_RETURN_WINDOW_DAYS for a new row).
     */
    returnWindowDays: z
      .number({ error: returnWindowMessage })
      .int(returnWindowMessage)
      .min(0, returnWindowMessage)
      .max(MAX_RETURN_WINDOW_DAYS, returnWindowMessage)
      .optional(),
    /**
     * The store's bank account and whether bank transfer is offered (docs/shop-rules.md#bank-transfer); null: none;
     * not sent: kept as stored.
     */
    bankDetails: bankDetailsSchema.nullable().optional(),
    /** The most units of one product one unpaid order may hold (docs/shop-rules.md#orders); the default when left out. */
    maxUnitsPerProduct: z
      .number({ error: maxUnitsMessage })
      .int(maxUnitsMessage)
      .min(1, maxUnitsMessage)
      .max(MAX_LINE_QUANTITY, maxUnitsMessage)
      .default(DEFAULT_MAX_UNITS_PER_PRODUCT),
  })
  // The cross-field checks run beside the fields' own, as soon as the fields they compare are valid, so a
  // 400 names every problem at once.
  .refine((settings) => settings.pan === settings.gstin.slice(2, 12), {
    path: ['pan'],
    error: (issue) => TAX_DATA_MESSAGES.panMismatch(String((issue.input as { gstin: string }).gstin).slice(2, 12)),
    when: (payload) => fine(payload, 'gstin') && fine(payload, 'pan'),
  })
  .refine((settings) => settings.registeredAddress.state === gstStateByCode(settings.gstin.slice(0, 2))?.name, {
    path: ['registeredAddress', 'state'],
    error: (issue) => {
      const code = String((issue.input as { gstin: string }).gstin).slice(0, 2);
      return TAX_DATA_MESSAGES.stateMismatch(gstStateByCode(code)?.name ?? code, code);
    },
    when: (payload) => fine(payload, 'gstin') && fine(payload, 'registeredAddress', 'state'),
  });
export type StoreSettingsInput = z.input<typeof storeSettingsInputSchema>;
export type StoreSettingsValues = z.output<typeof storeSettingsInputSchema>;

/** The store's details as GET /api/settings/store answers them: public business information. */
export const storeSettingsSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  gstin: z.string(),
  pan: z.string(),
  registeredAddress: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    /** The GST name of the state, e.g. 'Maharashtra'. */
    state: z.string(),
    postalCode: z.string(),
  }),
  /** The seller's state: the GSTIN's first two digits, e.g. '27'. */
  stateCode: z.string(),
  email: z.string(),
  phone: z.string(),
  invoicePrefix: z.string(),
  authorisedSignatory: z.string(),
  grievanceOfficer: z.object({ name: z.string(), designation: z.string() }),
  /** Whether a product without an MRP shows price x 1.1 struck through (docs/shop-rules.md#mrp). */
  computedOriginalPrice: z.boolean(),
  /** The most units of one product one unpaid order may hold (docs/shop-rules.md#orders). */
  maxUnitsPerProduct: z.number().int(),
  /** How an invoice taxes the delivery charge (docs/decisions/0024-delivery-charge-tax.md). */
  deliveryTaxMethod: z.enum(DELIVERY_TAX_METHODS),
  /** The previous financial year's aggregate turnover: up to or above ₹5 crore (HSN digits, e-invoicing). */
  aggregateTurnoverBand: z.enum(AGGREGATE_TURNOVER_BANDS),
  /** Whether B2B invoices and notes are reported to the IRP (docs/decisions/0029-e-invoicing.md). */
  einvoiceEnabled: z.boolean(),
  /** Days after delivery in which the buyer may ask to return goods, 0 for none (docs/shop-rules.md#returns). */
  returnWindowDays: z.number().int(),
  /** The bank account bank transfers are paid to, and whether they are offered; null until entered. */
  bankDetails: bankDetailsDtoSchema.nullable(),
  updatedAt: z.string(),
});
export type StoreSettingsDto = z.infer<typeof storeSettingsSchema>;
