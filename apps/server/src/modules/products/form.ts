/**
 * The admin product form as it arrives: multipart/form-data with text fields,
 * `variants[i][size|price|stock|_id]` fields and image files in `images`. Reading it is HTTP work
 * (the route calls readProductForm); gathering and validating it is plain data work.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_PRODUCT,
  productFormSchema,
  type ProductForm,
  type variantInputSchema,
} from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';
import { describeIssue } from '../../plugins/errors';
import type { ImageUpload } from './images';

/** File fields accepted as product images. */
const IMAGE_FIELDS = new Set(['images', 'images[]', 'image']);
const VARIANT_FIELD = /^variants\[(\d{1,3})\]\[([A-Za-z_]+)\]$/;

export interface RawProductForm {
  fields: Record<string, string>;
  files: ImageUpload[];
}

/**
 * Reads every part of a multipart body. Files are read into memory (at most 8 x 5 MB, enforced by
 * @fastify/multipart's limits in app.ts). A problem is remembered and thrown once the whole body has
 * been read, so the connection is never left with unread data.
 */
export async function readProductForm(request: FastifyRequest): Promise<RawProductForm> {
  if (!request.isMultipart()) throw new BadRequestError('This call expects a multipart/form-data body.');
  const fields: Record<string, string> = {};
  const files: ImageUpload[] = [];
  let problem: BadRequestError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A file input left empty still sends a part with no name and no bytes.
        if (data.length === 0 && !part.filename) continue;
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          problem ??= new BadRequestError(`Unexpected file in field '${part.fieldname}': send images in 'images'.`);
          continue;
        }
        if (data.length === 0) {
          problem ??= new BadRequestError(`'${part.filename}' is empty.`);
          continue;
        }
        files.push({ name: part.filename || 'image', data });
      } else {
        if (part.valueTruncated) problem ??= new BadRequestError(`The field '${part.fieldname}' is too long.`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new BadRequestError(`Too many files: at most ${MAX_IMAGES_PER_PRODUCT} images per product.`);
    }
    if ((error as { code?: string }).code === 'FST_FIELDS_LIMIT') {
      throw new BadRequestError('Too many form fields.');
    }
    throw error;
  }
  if (problem) throw problem;
  return { fields, files };
}

/**
 * Gathers flat form fields into the shape productFormSchema validates: `variants[i][key]` become a
 * list ordered by index. A `variants` field holding a JSON list is accepted too.
 */
export function gatherProductFields(fields: Record<string, string>): Record<string, unknown> {
  const gathered: Record<string, unknown> = {};
  const variants = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(fields)) {
    const match = VARIANT_FIELD.exec(name);
    if (match) {
      const index = Number(match[1]);
      const variant = variants.get(index) ?? {};
      variant[match[2]!] = value;
      variants.set(index, variant);
    } else if (name === 'variants') {
      if (value.trim() === '') continue;
      try {
        gathered.variants = JSON.parse(value);
      } catch {
        throw new BadRequestError("The field 'variants' is not valid JSON.");
      }
    } else if (!name.startsWith('variants[')) {
      gathered[name] = value;
    } else {
      throw new BadRequestError(`Unexpected field '${name}': variant fields are named variants[i][size|price|stock].`);
    }
  }
  if (variants.size > 0) {
    gathered.variants = [...variants.entries()].sort(([a], [b]) => a - b).map(([, variant]) => variant);
  }
  return gathered;
}

/** Parses a value with a schema or throws 400 `{ message, details }` naming the first problem. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || 'body';
    return { path, message: describeIssue(path, issue.message) };
  });
  throw new BadRequestError(details[0]?.message ?? 'Invalid request.', details);
}

export function parseProductForm(fields: Record<string, string>): ProductForm {
  return parseOrThrow(productFormSchema, gatherProductFields(fields));
}

// ---- documentation ------------------------------------------------------------------------------

type FormField = Exclude<keyof typeof productFormSchema.shape, 'variants'>;
type VariantField = keyof typeof variantInputSchema.shape;

/** What each text field of the form means; typed over the schema's keys, so a new field must be documented. */
const FIELD_NOTES: Record<FormField, string> = {
  title: 'Required.',
  description: 'Long description.',
  category: "Default 'Uncategorized'.",
  brand: 'Default empty.',
  price: 'Rupees, at most 2 decimals; 0 when empty. With variants, the cheapest variant price is used.',
  mrp:
    'MRP in rupees, above 0 and not below the price (no one may sell above the MRP); empty or not sent: none. ' +
    "With variants, the cheapest variant's MRP is used.",
  stock: "Whole number; 0 when empty. With variants, the sum of the variants' stock is used.",
  lowStockThreshold: "Whole number: 'Hurry! Only n left!' shows below it; 0 when empty.",
  active: "'true' (default) or 'false'.",
  priceOnRequest: "'true' or 'false' (default): sold only through a quote, shown as 'Price on request'.",
  version:
    "Edit only: the product's `version` as the form loaded it. Every edit and every order or " +
    'cancellation of the product changes it; when sent and no longer current, the edit is refused ' +
    "with 409 'This product changed since you opened it.' and nothing is written (reload and edit " +
    'again). Optional: without it the edit is not checked, and may overwrite stock moved meanwhile.',
  // Tax data (docs/shop-rules.md#tax-data): on an edit, a field not sent keeps the stored value and a field
  // sent empty clears it.
  hsnCode: 'HSN code: 4, 6 or 8 digits (spaces and dots are dropped); empty clears it.',
  gstRate: "GST rate in percent: 0, 0.25, 3, 5, 12, 18, 28 or 40 ('18 %' is accepted); 18 when empty.",
  countryOfOrigin: "Up to 100 characters; 'India' when empty.",
  manufacturer: "The manufacturer's (or packer's or importer's) name and address, up to 300 characters.",
  bisLicence: 'BIS licence number (CM/L-...), up to 100 characters.',
  pesoApproval: 'PESO approval number, up to 100 characters.',
  legalMetrologyApproval: 'Legal Metrology model approval number, up to 100 characters.',
  // Equipment (docs/shop-rules.md#assets): not sent keeps the stored value, empty clears it.
  complianceCategory:
    'Compliance category: fire-extinguisher, fuel-dispenser, capacity-measure, peso-licence, air-gauge or ' +
    'density-meter; each delivered unit becomes an asset of the outlet it goes to. Empty: not such equipment.',
  extinguisherType:
    'Fire extinguishers only: water-stored-pressure, water-cartridge, foam-stored-pressure, foam-cartridge, ' +
    'dry-powder, co2 or clean-agent (picks its refill, pressure test and life).',
  kind:
    "'goods' (default for a new product), 'service' or 'amc' (annual maintenance contract); a service's or AMC's " +
    'hsnCode is its SAC code (6 digits starting 99), and a service in a cart needs a serviceDate.',
  taskKeys:
    'The compliance tasks the product does: schedule task keys separated by commas, e.g. ' +
    "'extinguisher-refill-dry-powder'; empty clears them.",
  amcVisitsPerYear: "An AMC's visits a year: 1, 2, 3, 4, 6 or 12 (4 for a new product); not sent keeps it.",
  warrantyMonths: 'Warranty in whole months from delivery, 0 to 600; empty: none.',
  // Business prices (docs/shop-rules.md#business-prices): not sent keeps the stored value.
  minOrderQty: 'Minimum order quantity: a whole number of 1 or more; 1 for a new product.',
  packSize: 'Pack size: orders are a multiple of it; 1 for a new product.',
  quantityBreaks: "Quantity breaks '10:5, 50:10' (from 10 units 5 % off, from 50 units 10 % off); empty clears them.",
};

const VARIANT_NOTES: Record<VariantField, string> = {
  _id: 'Edit only: the id of an existing variant to keep (cart lines pointing at it survive).',
  size: 'Optional; sent only when non-empty.',
  price: 'Rupees; required for a variant.',
  mrp: "MRP in rupees, not below the variant's price; empty: none.",
  stock: 'Whole number; 0 when empty.',
};

/**
 * The multipart/form-data body of POST /api/products and PUT /api/products/{id} as the OpenAPI
 * document shows it. Every part is text on the wire; `variants[i][key]` repeats for
 * i = 0, 1, ... (shown for i = 0). The body is read by readProductForm and validated by
 * parseProductForm, not by Fastify. An edit appends its images to the product's; images are removed
 * one by one through POST /api/products/remove-image.
 */
export const productFormBodyDoc = z.object({
  ...Object.fromEntries(
    Object.entries(FIELD_NOTES).map(([name, note]) => [
      name,
      (name === 'title' ? z.string() : z.string().optional()).meta({ description: note }),
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(VARIANT_NOTES).map(([key, note]) => [
      `variants[0][${key}]`,
      z
        .string()
        .optional()
        .meta({ description: `Variant ${key}, for variant index 0, 1, ...: ${note}` }),
    ]),
  ),
  variants: z
    .string()
    .optional()
    .meta({ description: 'Instead of variants[i][key] fields: the variants as a JSON list of objects.' }),
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .max(MAX_IMAGES_PER_PRODUCT)
    .optional()
    .meta({
      description: `Image files (one part each, field name 'images'), at most ${MAX_IMAGES_PER_PRODUCT} per product and ${MAX_IMAGE_BYTES / 1024 / 1024} MB each; checked by decoding.`,
    }),
});
