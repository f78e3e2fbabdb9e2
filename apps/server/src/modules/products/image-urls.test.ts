/**
 * publicIdOfImageUrl (the CSV import names images by URL) for both storages: the disk's /uploads/ paths and
 * an S3 bucket's absolute URLs (STORAGE=s3).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage/image-storage';
import { S3Storage } from '../../storage/s3-storage';
import { publicIdOfImageUrl } from './images';

const ID = 'products/0b6f6c9e-5f1a-4c3e-9d2b-8a7e6f5d4c3b';
const cdn = new S3Storage({ bucket: 'shop-images', region: 'auto', publicUrl: 'https://images.example.in/catalog/' });
const minio = new S3Storage({ bucket: 'shop-images', region: 'us-east-1', endpoint: 'http://minio:9000' });
afterAll(() => {
  cdn.client.destroy();
  minio.client.destroy();
});

describe('publicIdOfImageUrl', () => {
  it('reads the public_id from a disk URL, with or without an origin, or from the public_id itself', () => {
    const disk = new LocalDiskStorage('/nowhere');
    expect(publicIdOfImageUrl(disk, `/uploads/${ID}/640.webp`)).toBe(ID);
    expect(publicIdOfImageUrl(disk, `https://shop.example.in/uploads/${ID}/320.webp`)).toBe(ID);
    expect(publicIdOfImageUrl(disk, ID)).toBe(ID);
  });

  it("reads it from an S3 storage's absolute URLs, from a public URL with a path and from the bucket's own", () => {
    expect(publicIdOfImageUrl(cdn, `https://images.example.in/catalog/${ID}/640.webp`)).toBe(ID);
    // The same path under another origin (the CDN renamed) still names the image.
    expect(publicIdOfImageUrl(cdn, `https://cdn.elsewhere.test/catalog/${ID}/320.webp`)).toBe(ID);
    expect(publicIdOfImageUrl(cdn, `https://images.example.in/catalog/other/${ID}/640.webp`)).toBeUndefined();
    expect(publicIdOfImageUrl(minio, `http://minio:9000/shop-images/${ID}/1024.webp`)).toBe(ID);
  });
});
