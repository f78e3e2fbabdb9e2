/**
 * A task record's note or certificate (docs/shop-rules.md#assets): one PDF or picture per record, sent with the
 * record (multipart/form-data) or added to it later, told by its first bytes (never by the type the browser
 * claims), at most MAX_ATTACHMENT_BYTES (@fastify/multipart's limit in app.ts answers 413 past it), and read back
 * only through the business's authenticated route.
 */
import type { FastifyRequest } from 'fastify';
import { ASSET_MESSAGES, taskRecordBodySchema, type AttachmentType, type TaskRecordBody } from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';

export interface AttachmentFile {
  name: string;
  type: AttachmentType;
  data: Buffer;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The file's type by its magic bytes: a PDF, JPEG, PNG or WebP; null for anything else. */
export function sniffAttachmentType(data: Buffer): AttachmentType | null {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A name safe for a Content-Disposition header and a file system: no path, no quotes, at most 120 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{M}\p{N}._ -]+/gu, '_')
    .trim()
    .slice(-120);
  return cleaned || 'attachment';
}

/** The header that names the file: an ASCII name for old clients, and the name itself (RFC 6266 filename*). */
export const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function checkedFile(name: string, data: Buffer): AttachmentFile {
  if (data.length === 0) throw new BadRequestError(ASSET_MESSAGES.attachmentEmpty);
  const type = sniffAttachmentType(data);
  if (!type) throw new BadRequestError(ASSET_MESSAGES.attachmentType);
  return { name: safeFileName(name), type, data };
}

/**
 * Reads a multipart record form: text fields taskKey, doneOn, note, and at most one file in `attachment`. The
 * whole body is read before a problem is thrown, so no connection is left with unread data.
 */
export async function readRecordForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: AttachmentFile | null }> {
  if (!request.isMultipart()) throw new BadRequestError(ASSET_MESSAGES.multipartExpected);
  const fields: Record<string, string> = {};
  const files: { name: string; data: Buffer }[] = [];
  let problem: BadRequestError | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length === 0 && !part.filename) continue;
      if (part.fieldname !== 'attachment')
        problem ??= new BadRequestError(`Unexpected file in field '${part.fieldname}': send it in 'attachment'.`);
      else files.push({ name: part.filename || 'attachment', data });
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  if (problem) throw problem;
  if (files.length > 1) throw new BadRequestError(ASSET_MESSAGES.attachmentOne);
  const [file] = files;
  return { fields, file: file ? checkedFile(file.name, file.data) : null };
}

/** The record's fields of a multipart form, checked by the same schema as the JSON call's. */
export function recordBodyOf(fields: Record<string, string>): TaskRecordBody {
  const parsed = taskRecordBodySchema.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Choose the task done.');
  return parsed.data;
}

/** Reads the one file of a multipart body (an attachment added to a record after); 400 when there is none. */
export async function readAttachmentOnly(request: FastifyRequest): Promise<AttachmentFile> {
  const { file } = await readRecordForm(request);
  if (!file) throw new BadRequestError(ASSET_MESSAGES.attachmentType);
  return file;
}
