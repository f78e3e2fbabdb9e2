/** The back office's product form (docs/shop-rules.md#catalog, #tax-data, #assets): its fields, checks and messages. */
import { z } from 'zod';
import { productOrderFormFields } from './price-lists';
import { AMC_VISITS_PER_YEAR } from '../amc';
import { MAX_PRODUCT_PRICE, MAX_PRODUCT_STOCK, PRODUCT_KINDS } from '../constants';
import { taxCodeProblem } from '../service-products';
import { priceAboveMrpProblem } from '../product';
import { isGstRate } from '../gst';
import { COMPLIANCE_CATEGORY_KEYS, EXTINGUISHER_TYPES } from '../compliance';
import { TAX_DATA_MESSAGES } from '../messages';
import { idSchema, textSchema } from './fields';

/** Text fields of the multipart product form (docs/shop-rules.md#catalog), after variants[i][k] are gathered. */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const moneyField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'Price must be a number.' })
    .min(0, 'Price must be 0 or more.')
    .max(MAX_PRODUCT_PRICE, `Price must be at most ${MAX_PRODUCT_PRICE}.`)
    .default(0),
);
/**
 * An MRP of the form (docs/shop-rules.md#mrp): rupees above 0; empty or not sent, none (null), as the form's price
 * is what it sends.
 */
const mrpField = (label: string) =>
  z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value),
    z.coerce
      .number({ error: `${label} must be a number.` })
      .gt(0, `${label} must be above 0.`)
      .max(MAX_PRODUCT_PRICE, `${label} must be at most ${MAX_PRODUCT_PRICE}.`)
      .nullable(),
  );

const stockField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'Stock must be a number.' })
    .int('Stock must be a whole number.')
    .min(0, 'Stock must be 0 or more.')
    .max(MAX_PRODUCT_STOCK, `Stock must be at most ${MAX_PRODUCT_STOCK}.`)
    .default(0),
);

export const variantInputSchema = z.object({
  _id: z.preprocess(emptyToUndefined, idSchema.optional()),
  size: z.preprocess(emptyToUndefined, textSchema('Size').trim().max(50).optional()),
  price: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Variant price is required.' })
      .min(0, 'Variant price must be 0 or more.')
      .max(MAX_PRODUCT_PRICE, `Variant price must be at most ${MAX_PRODUCT_PRICE}.`),
  ),
  mrp: mrpField('Variant MRP'),
  stock: stockField,
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/** 4, 6 or 8 digits (docs/shop-rules.md#tax-data). */
export const HSN_CODE_PATTERN = /^\d{4}(?:\d{2}){0,2}$/;
export const PRODUCT_TAX_LIMITS = { countryOfOrigin: 100, manufacturer: 300, certificate: 100 } as const;

/**
 * A tax field of the form: a field not sent stays undefined (an edit keeps the stored value), a field sent
 * empty becomes null (cleared; the GST rate and the country go back to their defaults).
 */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalTaxText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    textSchema(label).trim().max(max, TAX_DATA_MESSAGES.tooLong(label, max)).nullable().optional(),
  );

/** How many compliance tasks one product may do. */
export const MAX_PRODUCT_TASK_KEYS = 20;

/** What the product form's equipment fields answer (docs/shop-rules.md#assets). */
export const PRODUCT_EQUIPMENT_MESSAGES = {
  category: `Compliance category must be one of: ${COMPLIANCE_CATEGORY_KEYS.join(', ')}.`,
  extinguisherType: `Extinguisher type must be one of: ${EXTINGUISHER_TYPES.join(', ')}.`,
  extinguisherTypeOnlyForExtinguishers: 'An extinguisher type is only for products of category fire-extinguisher.',
  warranty: 'Warranty must be a whole number of months from 0 to 600.',
  kind: 'Kind must be one of: goods, service, amc.',
  taskKey: 'A task key is at most 100 characters.',
  taskKeysTooMany: `A product does at most ${MAX_PRODUCT_TASK_KEYS} tasks.`,
  amcVisitsPerYear: `Visits a year must be one of ${AMC_VISITS_PER_YEAR.join(', ')}.`,
  unknownTask: (key: string) => `"${key}" is not a task of the compliance schedule.`,
} as const;

/** The tax fields of the product form (docs/shop-rules.md#tax-data), and the equipment fields (#assets). */
export const productTaxFormFields = {
  /** Spaces and dots are dropped: '8413 11 00' is 84131100. */
  hsnCode: z.preprocess(
    (value) => emptyToNull(typeof value === 'string' ? value.replace(/[\s.]/g, '') : value),
    z
      .string({ error: TAX_DATA_MESSAGES.hsnCodeFormat })
      .regex(HSN_CODE_PATTERN, TAX_DATA_MESSAGES.hsnCodeFormat)
      .nullable()
      .optional(),
  ),
  /** Percent; '18' and '18 %' are 18. */
  gstRate: z.preprocess(
    (value) => emptyToNull(typeof value === 'string' ? value.replace(/\s*%\s*$/, '') : value),
    z.coerce
      .number({ error: TAX_DATA_MESSAGES.gstRateInvalid })
      .refine(isGstRate, TAX_DATA_MESSAGES.gstRateInvalid)
      .nullable()
      .optional(),
  ),
  countryOfOrigin: optionalTaxText('Country of origin', PRODUCT_TAX_LIMITS.countryOfOrigin),
  manufacturer: optionalTaxText('Manufacturer', PRODUCT_TAX_LIMITS.manufacturer),
  bisLicence: optionalTaxText('BIS licence number', PRODUCT_TAX_LIMITS.certificate),
  pesoApproval: optionalTaxText('PESO approval number', PRODUCT_TAX_LIMITS.certificate),
  legalMetrologyApproval: optionalTaxText('Legal Metrology approval number', PRODUCT_TAX_LIMITS.certificate),
  complianceCategory: z.preprocess(
    emptyToNull,
    z.enum(COMPLIANCE_CATEGORY_KEYS, { error: PRODUCT_EQUIPMENT_MESSAGES.category }).nullable().optional(),
  ),
  extinguisherType: z.preprocess(
    emptyToNull,
    z.enum(EXTINGUISHER_TYPES, { error: PRODUCT_EQUIPMENT_MESSAGES.extinguisherType }).nullable().optional(),
  ),
  /** Goods (the default), a service or an AMC (docs/shop-rules.md#service-products); not sent keeps the stored kind. */
  kind: z.preprocess(emptyToUndefined, z.enum(PRODUCT_KINDS, { error: PRODUCT_EQUIPMENT_MESSAGES.kind }).optional()),
  /**
   * The compliance tasks the product does (keys of the schedule, checked against it by the server): a list, or one
   * text of keys separated by commas; empty clears them, not sent keeps them.
   */
  taskKeys: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.string().trim().min(1).max(100, PRODUCT_EQUIPMENT_MESSAGES.taskKey))
      .max(MAX_PRODUCT_TASK_KEYS, PRODUCT_EQUIPMENT_MESSAGES.taskKeysTooMany)
      .transform((keys) => [...new Set(keys)])
      .optional(),
  ),
  /** An AMC's visits a year, one of AMC_VISITS_PER_YEAR (docs/shop-rules.md#amc); not sent keeps it. */
  amcVisitsPerYear: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z
      .number({ error: PRODUCT_EQUIPMENT_MESSAGES.amcVisitsPerYear })
      .refine((visits) => (AMC_VISITS_PER_YEAR as readonly number[]).includes(visits), {
        message: PRODUCT_EQUIPMENT_MESSAGES.amcVisitsPerYear,
      })
      .optional(),
  ),
  warrantyMonths: z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: PRODUCT_EQUIPMENT_MESSAGES.warranty })
      .int(PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .min(0, PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .max(600, PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .nullable()
      .optional(),
  ),
};

export const productFormSchema = z
  .object({
    title: textSchema('Title', { error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200),
    description: textSchema('Description').trim().max(5000).default(''),
    category: z.preprocess(emptyToUndefined, textSchema('Category').trim().max(100).default('Uncategorized')),
    brand: textSchema('Brand').trim().max(100).default(''),
    price: moneyField,
    mrp: mrpField('MRP'),
    stock: stockField,
    lowStockThreshold: stockField,
    active: z
      .preprocess((value) => (value === undefined ? 'true' : String(value)), z.enum(['true', 'false']))
      .transform((value) => value === 'true'),
    priceOnRequest: z
      .preprocess((value) => (value === undefined ? 'false' : String(value)), z.enum(['true', 'false']))
      .transform((value) => value === 'true'),
    variants: z.array(variantInputSchema).max(50).default([]),
    /** Edit only: the product's version when the form was opened; optional, checked when sent. */
    version: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'version must be a number.' })
        .int('version must be a whole number.')
        .min(0, 'version must be 0 or more.')
        .optional(),
    ),
    /** Tax data (docs/shop-rules.md#tax-data): a field not sent keeps the product's value on an edit. */
    ...productTaxFormFields,
    ...productOrderFormFields,
  })
  // No one may sell above the MRP (docs/shop-rules.md#mrp): each price is checked against its own MRP, the
  // product's own only without variants (with variants its price and MRP are the cheapest variant's).
  .superRefine((form, ctx) => {
    const problems =
      form.variants.length === 0
        ? [{ path: ['price'], problem: priceAboveMrpProblem(form.price, form.mrp) }]
        : form.variants.map((variant, index) => ({
            path: ['variants', index, 'price'],
            problem: priceAboveMrpProblem(variant.price, variant.mrp, `The price of size ${variant.size ?? index + 1}`),
          }));
    for (const { path, problem } of problems) if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    if (form.extinguisherType && form.complianceCategory !== 'fire-extinguisher') {
      ctx.addIssue({
        code: 'custom',
        path: ['extinguisherType'],
        message: PRODUCT_EQUIPMENT_MESSAGES.extinguisherTypeOnlyForExtinguishers,
      });
    }
    // Sent together, the kind and the code are checked here; the server checks either against the stored other.
    const codeProblem = form.kind ? taxCodeProblem(form.kind, form.hsnCode) : null;
    if (codeProblem) ctx.addIssue({ code: 'custom', path: ['hsnCode'], message: codeProblem });
  });
export type ProductForm = z.infer<typeof productFormSchema>;

/**
 * The 409 of an edit whose `version` is no longer current: the edit form reloads the product when it
 * gets this message (other 409s, such as a refused variant removal, keep the form as typed).
 */
export const PRODUCT_CHANGED_MESSAGE = 'This product changed since you opened it.';

export const toggleActiveBodySchema = z.object({ active: z.boolean() });
