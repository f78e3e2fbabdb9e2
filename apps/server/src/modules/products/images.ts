/**
 * The product image pipeline (docs/shop-rules.md#images): every upload is checked by
 * decoding it with sharp (never by its name or mime type), auto-rotated, stripped of metadata and
 * stored as WebP renditions 320, 480, 640 and 1024 px wide (never upscaled) under one storage key
 * prefix, `products/<uuid>`, which is the image's public_id. The demo catalog's drawings go through
 * the same function.
 */
import { randomUUID } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import type { ProductImageDto } from '@pumpkart/shared';
import { BadRequestError } from '../../lib/errors';
import { StorageUnavailableError, type ImageStorage } from '../../storage/image-storage';

/**
 * 480 is there for phones: a two-column card is about 160-190 CSS px wide, 320-380 device pixels at
 * 2x, which 320 is too small for and 640 is far too big for (the storefront's `sizes` tells the
 * browser the card's real width).
 */
export const RENDITION_WIDTHS = [320, 480, 640, 1024] as const;
/** The rendition the API names as an image's `url` (or the largest one below it). */
export const PRIMARY_WIDTH = 640;
/** Dimensions past these are refused as absurd (and would cost too much memory to decode). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const WEBP_QUALITY = 80;
/** libwebp's effort (0-6): 4 is its default; flat drawings lose almost nothing at lower efforts. */
const DEFAULT_WEBP_EFFORT = 4;

export interface ImageUpload {
  /** The file name as sent (for messages only). */
  name: string;
  data: Buffer;
}

export interface StoredImage {
  publicId: string;
  /** Of the primary rendition (see PRIMARY_WIDTH). */
  width: number;
  height: number;
  /** Widths of the renditions actually stored, smallest first. */
  renditions: number[];
}

export interface ProcessImageOptions {
  /** SVG input: only for drawings the server makes itself (the demo catalog), never for uploads. */
  allowSvg?: boolean;
  /** WebP encoding effort, 0 (fastest) to 6; the demo catalog trades a little size for start-up time. */
  webpEffort?: number;
  /** The key's folder: 'products' by default, 'returns' for a return's photos (docs/shop-rules.md#returns). */
  keyPrefix?: 'products' | 'returns';
}

export const renditionKey = (publicId: string, width: number) => `${publicId}/${width}.webp`;

/** Index of the primary rendition: the one at PRIMARY_WIDTH, else the largest below it. */
function primaryIndex(widths: readonly number[]): number {
  let index = 0;
  widths.forEach((width, i) => {
    if (width <= PRIMARY_WIDTH) index = i;
  });
  return index;
}

const quoted = (name: string) => `'${name.replace(/[\r\n]/g, ' ').slice(0, 120)}'`;

/**
 * Decodes, checks and stores one image. Throws BadRequestError naming the file when it is not an
 * image sharp can decode, is in a format we do not accept, or has absurd dimensions, and
 * StorageUnavailableError (503) when the storage fails. Nothing is left in storage when it throws (after a storage
 * failure, as far as the storage lets itself be cleaned).
 */
export async function processImage(
  storage: ImageStorage,
  upload: ImageUpload,
  options: ProcessImageOptions = {},
): Promise<StoredImage> {
  const name = quoted(upload.name || 'image');
  // sharp (libvips, about 20 MB) is loaded by the first upload, not at start (docs/decisions/0018-embedded-memory.md).
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(upload.data, { limitInputPixels: false }).metadata();
  } catch {
    throw new BadRequestError(`${name} is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF file.`);
  }
  const format = metadata.format ?? 'unknown';
  if (!RASTER_FORMATS.has(format) && !(options.allowSvg && format === 'svg')) {
    throw new BadRequestError(`${name} is a ${format} file. Upload a JPEG, PNG, WebP, GIF or AVIF image.`);
  }
  const { width = 0, height = 0 } = metadata;
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_PIXELS
  ) {
    throw new BadRequestError(
      `${name} is ${width}x${height} pixels: images must be at most ${MAX_IMAGE_SIDE} pixels on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }

  // Decode once (auto-rotated, at most the largest rendition's width), then resize the pixels.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(upload.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new BadRequestError(`${name} could not be decoded: the file is damaged or incomplete.`);
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const widths = [...new Set(RENDITION_WIDTHS.map((target) => Math.min(target, raw.width)))];

  const publicId = `${options.keyPrefix ?? 'products'}/${randomUUID()}`;
  // Every rendition's call is let finish (each has the storage's time limit) before a failure is cleaned up, so
  // that no put lands after the removal.
  const settled = await Promise.allSettled(
    widths.map(async (target) => {
      let pipeline = sharp(base.data, { raw });
      if (target !== raw.width) pipeline = pipeline.resize({ width: target });
      const { data, info } = await pipeline
        .webp({ quality: WEBP_QUALITY, effort: options.webpEffort ?? DEFAULT_WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      await storage.put(renditionKey(publicId, info.width), data, 'image/webp');
      return { width: info.width, height: info.height };
    }),
  );
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    await discardStoredImages(storage, [publicId], failed.reason);
    throw failed.reason;
  }
  const renditions = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  renditions.sort((a, b) => a.width - b.width);
  const primary = renditions[primaryIndex(renditions.map((r) => r.width))]!;
  return { publicId, width: primary.width, height: primary.height, renditions: renditions.map((r) => r.width) };
}

/**
 * Processes several uploads with a small concurrency (sharp already uses several threads per image).
 * When one fails, the ones already stored are removed again and the first error is thrown.
 */
export async function processImages(
  storage: ImageStorage,
  uploads: readonly ImageUpload[],
  options: ProcessImageOptions & { concurrency?: number } = {},
): Promise<StoredImage[]> {
  const results: (StoredImage | undefined)[] = new Array(uploads.length);
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < uploads.length) {
      const index = next++;
      try {
        results[index] = await processImage(storage, uploads[index]!, options);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 2, uploads.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  const stored = results.filter((image): image is StoredImage => image !== undefined);
  if (failure !== undefined) {
    await discardStoredImages(
      storage,
      stored.map((image) => image.publicId),
      failure,
    );
    throw failure;
  }
  return stored;
}

/** Removes the files of images (best effort: a leftover file is harmless, a failed request is not). */
export async function removeStoredImages(storage: ImageStorage, publicIds: readonly string[]): Promise<void> {
  await Promise.all(publicIds.map((publicId) => storage.removePrefix(publicId).catch(() => undefined)));
}

/**
 * Removes the files a failed request stored (best effort). After a storage failure the removal is started and not
 * awaited: the service has just failed to answer, and waiting on it again would double the owner's wait for the 503.
 */
async function discardStoredImages(storage: ImageStorage, publicIds: readonly string[], failure: unknown) {
  const removal = removeStoredImages(storage, publicIds);
  if (!(failure instanceof StorageUnavailableError)) await removal;
}

const STORED_IMAGE_KEY = /^(products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/\d+\.webp)?$/;

/**
 * The public_id of an image the shop stores, from a URL of one of its renditions as the API shows it
 * ('/uploads/products/<uuid>/640.webp' or S3_PUBLIC_URL + 'products/<uuid>/640.webp', with or without this or
 * another origin) or from the public_id itself;
 * undefined for anything else. Whether such an image exists is the caller's question.
 */
export function publicIdOfImageUrl(storage: ImageStorage, reference: string): string | undefined {
  const prefix = storage.url('');
  let key = reference.trim();
  if (key.startsWith(prefix)) {
    key = key.slice(prefix.length);
  } else if (/^https?:\/\//i.test(key)) {
    try {
      key = new URL(key).pathname;
    } catch {
      return undefined;
    }
    // The storage's own URLs may be absolute (S3_PUBLIC_URL): compare paths then.
    const prefixPath = /^https?:\/\//i.test(prefix) ? new URL(prefix).pathname : prefix;
    if (key.startsWith(prefixPath)) key = key.slice(prefixPath.length);
  }
  return STORED_IMAGE_KEY.exec(key)?.[1];
}

/** A copy of a stored image's files under a new public_id (for a second product showing the same picture). */
export async function copyStoredImage(storage: ImageStorage, publicId: string): Promise<string> {
  const copy = `products/${randomUUID()}`;
  await storage.copyPrefix(publicId, copy);
  return copy;
}

/** An image row as the API shows it (url and public_id, plus sizes for srcset). */
export function toImageDto(
  storage: ImageStorage,
  row: { publicId: string; width: number | null; height: number | null; renditions: number[] },
): ProductImageDto {
  const widths = [...row.renditions].sort((a, b) => a - b);
  const sizes = widths.map((width) => ({ width, url: storage.url(renditionKey(row.publicId, width)) }));
  const primary = sizes[primaryIndex(widths)];
  return {
    url: primary?.url ?? '',
    public_id: row.publicId,
    width: row.width,
    height: row.height,
    sizes,
  };
}
