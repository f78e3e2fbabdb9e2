/**
 * Test helpers for the catalog: images made with sharp, and the admin's multipart product form
 * built with the global FormData/Blob (app.inject sends a FormData body as multipart/form-data).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './app';

/** A plain PNG of the given size. */
export function testPng(width = 1200, height = 900, background = '#2f6fb0'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A JPEG stored 400x200 whose EXIF orientation (6: rotate 90° clockwise) makes it 200x400 when
 * shown, with camera metadata that the pipeline must strip.
 */
export function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Secret Model 9' } })
    .toBuffer();
}

export interface FormImage {
  name: string;
  data: Buffer;
  type?: string;
}

export type FormVariant = Partial<Record<'_id' | 'size' | 'price' | 'mrp' | 'stock', string | number>>;

/** The admin product form as the web app sends it. */
export function productForm(
  fields: Record<string, string | number | boolean | undefined>,
  options: { variants?: FormVariant[]; images?: FormImage[] } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  options.variants?.forEach((variant, index) => {
    for (const [key, value] of Object.entries(variant)) {
      if (value !== undefined) form.append(`variants[${index}][${key}]`, String(value));
    }
  });
  for (const image of options.images ?? []) {
    form.append('images', new Blob([new Uint8Array(image.data)], { type: image.type ?? 'image/png' }), image.name);
  }
  return form;
}

/** The local file behind an /uploads/... URL of a test app. */
export function uploadedFile(t: TestApp, url: string): string {
  return path.join(t.config.DATA_DIR, 'uploads', url.replace(/^\/uploads\//, ''));
}

export const uploadExists = (t: TestApp, url: string) => existsSync(uploadedFile(t, url));
