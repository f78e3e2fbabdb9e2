/**
 * The admin product form as it arrives (spec section 7): multipart/form-data with text fields,
 * `variants[i][size|price|stock|_id]` fields and image files in `images`. Reading it is HTTP work
 * (the route calls readProductForm); gathering and validating it is plain data work.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_IMAGES_PER_PRODUCT, productFormSchema, type ProductForm } from '@pumpkart/shared';
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
