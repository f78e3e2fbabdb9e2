/**
 * The buyer's return request as it arrives: multipart/form-data with the request as JSON in the field `request`
 * and up to MAX_RETURN_PHOTOS image files in `photos` (each at most MAX_IMAGE_BYTES: @fastify/multipart's limit in
 * app.ts answers 413 past it). The whole body is read before a problem is thrown, so no connection is left with
 * unread data; the images themselves are checked by decoding them (products' image pipeline).
 */
import type { FastifyRequest } from 'fastify';
import { MAX_RETURN_PHOTOS, RETURN_MESSAGES, returnRequestSchema, type ReturnRequest } from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';
import type { ImageUpload } from '../products';

export async function readReturnForm(
  request: FastifyRequest,
): Promise<{ request: ReturnRequest; photos: ImageUpload[] }> {
  if (!request.isMultipart()) throw new BadRequestError('This call expects a multipart/form-data body.');
  let json: string | undefined;
  const photos: ImageUpload[] = [];
  let problem: BadRequestError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0 && !part.filename) continue;
        if (part.fieldname !== 'photos')
          problem ??= new BadRequestError(`Unexpected file in field '${part.fieldname}': send photos in 'photos'.`);
        else if (data.length === 0) problem ??= new BadRequestError(`'${part.filename}' is empty.`);
        else photos.push({ name: part.filename || 'photo', data });
      } else if (part.fieldname === 'request') {
        json = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new BadRequestError(RETURN_MESSAGES.photosTooMany(MAX_RETURN_PHOTOS));
    }
    throw error;
  }
  if (problem) throw problem;
  if (photos.length > MAX_RETURN_PHOTOS) throw new BadRequestError(RETURN_MESSAGES.photosTooMany(MAX_RETURN_PHOTOS));
  let body: unknown;
  try {
    body = JSON.parse(json ?? '');
  } catch {
    throw new BadRequestError("The field 'request' must hold the return request as JSON.");
  }
  const parsed = returnRequestSchema.safeParse(body);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? RETURN_MESSAGES.linesRequired);
  return { request: parsed.data, photos };
}
