/**
 * The images part of the product form: the product's current images with their removal, previews of
 * the newly chosen files (object URLs, each revoked when its file is dropped and all when the form
 * closes) and the file input for several images.
 */
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT, type ProductImage } from '@pumpkart/shared';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';

interface NewImage {
  file: File;
  url: string;
}

/** Chosen files and their preview URLs; every URL still held is revoked on unmount. */
export function useImagePreviews() {
  const [images, setImages] = useState<NewImage[]>([]);
  const held = useRef<string[]>([]);
  useEffect(() => {
    held.current = images.map((image) => image.url);
  }, [images]);
  useEffect(() => () => held.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const add = useCallback((files: File[]) => {
    setImages((current) => [...current, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }, []);
  const drop = useCallback((image: NewImage) => {
    URL.revokeObjectURL(image.url);
    setImages((current) => current.filter((entry) => entry !== image));
  }, []);
  return { images, add, drop };
}

export interface ImagesFieldProps {
  inputId: string;
  existingImages: ProductImage[];
  /** The public_id of the current image being removed, if any. */
  removingImage: string | null;
  onRemoveExisting: (image: ProductImage) => void;
  previews: ReturnType<typeof useImagePreviews>;
}

export function ImagesField({ inputId, existingImages, removingImage, onRemoveExisting, previews }: ImagesFieldProps) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    previews.add(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Images</legend>
      {existingImages.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-3" aria-label="Current images">
          {existingImages.map((image, index) => (
            <li key={image.public_id ?? image.url} className="relative">
              <img
                src={image.url}
                alt={`Current image ${index + 1}`}
                className="h-20 w-20 rounded-lg border border-slate-200 object-cover"
              />
              {image.public_id && (
                <button
                  type="button"
                  onClick={() => onRemoveExisting(image)}
                  disabled={removingImage !== null}
                  className="mt-1 block w-full rounded bg-red-50 px-1 py-0.5 text-xs text-red-700 hover:bg-red-100 disabled:opacity-50"
                  aria-label={`Remove current image ${index + 1}`}
                >
                  {removingImage === image.public_id ? 'Removing...' : 'Remove'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {previews.images.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-3" aria-label="New images">
          {previews.images.map((image) => (
            <li key={image.url}>
              <img
                src={image.url}
                alt={`Preview of ${image.file.name}`}
                className="h-20 w-20 rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                onClick={() => previews.drop(image)}
                className="mt-1 block w-full rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-700 hover:bg-slate-200"
                aria-label={`Drop ${image.file.name}`}
              >
                Drop
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="mb-1 block text-sm text-slate-700">
        Add images
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        onChange={choose}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
      />
      <p className="mt-1 text-xs text-slate-500">
        {existingImages.length + previews.images.length} of at most {MAX_IMAGES_PER_PRODUCT} images; up to{' '}
        {MAX_IMAGE_BYTES / (1024 * 1024)} MB each.
      </p>
    </fieldset>
  );
}
