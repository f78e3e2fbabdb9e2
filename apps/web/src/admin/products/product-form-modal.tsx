/**
 * The add/edit product modal: closes on backdrop click, Cancel or Escape;
 * title, description, category (typed, with the existing categories offered: the admin list's and
 * GET /api/products/categories/list; a category that is not one of them is named in a warning under
 * the field before saving, so that a typo does not silently create a category), brand, price, stock,
 * low-stock threshold, the Active switch, several image files with previews, removal of the
 * product's existing images, a variants editor and the tax data (HSN code, GST rate, country of origin,
 * manufacturer and the BIS, PESO and Legal Metrology numbers: docs/shop-rules.md#tax-data). A failed save
 * shows the server's message in the
 * modal and keeps everything as typed, so the admin sees why and loses nothing.
 * An edit sends the product's version; when the product changed since the form was opened (an order
 * moved its stock, say), the server refuses it and the form reloads the product as it is now,
 * keeping the message visible, so that a stale form never writes back old stock figures.
 */
import { PRODUCT_CHANGED_MESSAGE, type Product, type ProductImage } from '@pumpkart/shared';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isHttpFailure } from '../../api/http';
import { useGetCategoriesQuery } from '../../shop/catalog/catalog-api';
import {
  useCreateProductMutation,
  useLazyGetAdminProductQuery,
  useRemoveProductImageMutation,
  useUpdateProductMutation,
} from './products-api';
import { Modal } from '../../ui/modal';
import { History } from '../ui/history';
import { Field, inputClass } from './form-field';
import { ImagesField, useImagePreviews } from './images-field';
import { CategoryBrandFields, PriceStockFields } from './main-fields';
import {
  buildProductFormData,
  hasTaxData,
  newVariantRow,
  validateProductForm,
  valuesFromProduct,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form';
import { draftNoticeOf, ErrorList, serverFieldErrors } from './product-form-errors';
import { TaxFields } from './tax-fields';
import { EquipmentFields } from './equipment-fields';
import { KindFields } from './kind-fields';
import { VariantsEditor, type VariantField } from './variants-editor';

export const SAVE_FAILED = 'Failed to save product. Please try again.';
export const RELOADED_NOTE = 'The form now shows the product as it is now: make your changes again, then save.';

export interface ProductFormModalProps {
  /** The product to edit; none to add one. */
  product?: Product;
  categories: string[];
  onClose: () => void;
  /**
   * The server's answer after a create or an edit (the admin list already shows it), and the notice of a product
   * asked to be active that was kept as a draft (docs/shop-rules.md#on-sale), saying what it lacks.
   */
  onSaved: (product: Product, draft: string | null) => void;
}

export function ProductFormModal({ product, categories, onClose, onSaved }: ProductFormModalProps) {
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const [removeProductImage] = useRemoveProductImageMutation();
  const [getAdminProduct] = useLazyGetAdminProductQuery();
  const id = useId();
  const { data: shopCategories } = useGetCategoriesQuery();
  const knownCategories = useMemo(
    () => [...new Set([...categories, ...(shopCategories ?? [])])].sort((a, b) => a.localeCompare(b)),
    [categories, shopCategories],
  );
  const [values, setValues] = useState<ProductFormValues>(() => valuesFromProduct(product));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const errorList = useRef<HTMLDivElement>(null);
  const errorCount = Object.keys(errors).length;
  // The list of errors is brought into view when a save finds some (it sits above the sticky Save button).
  useEffect(() => {
    if (errorCount > 0) errorList.current?.scrollIntoView?.({ block: 'nearest' });
  }, [errorCount, errors]);
  const [existingImages, setExistingImages] = useState<ProductImage[]>(product?.images ?? []);
  const previews = useImagePreviews();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [removingImage, setRemovingImage] = useState<string | null>(null);
  /** The version the form's values are based on; sent with an edit. */
  const [version, setVersion] = useState<number | undefined>(product?.version);
  const [reloaded, setReloaded] = useState(false);
  /** Whether the form's product carried its tax data (see product-form.ts). */
  const [taxKnown, setTaxKnown] = useState(() => hasTaxData(product));

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const setVariant = (key: string, field: VariantField, value: string) =>
    setValues((current) => ({
      ...current,
      variants: current.variants.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));

  const removeExistingImage = async (image: ProductImage) => {
    if (!product || !image.public_id) return;
    setRemovingImage(image.public_id);
    try {
      const updated = await removeProductImage({ productId: product._id, publicId: image.public_id }).unwrap();
      setExistingImages((current) => current.filter((entry) => entry.public_id !== image.public_id));
      // The removal is an edit (it bumps the version by one). Exactly one more means nothing else changed the
      // product since the form loaded it, so the form's save stays valid; otherwise the old version is kept and
      // the save is refused as stale, as it should be.
      if (version !== undefined && updated.version === version + 1) setVersion(updated.version);
    } catch (error) {
      // Image removal failures are only logged.
      console.error('Failed to remove image', error);
    } finally {
      setRemovingImage(null);
    }
  };

  /** Loads the product as it is now into the form (values, current images and version) and the list. */
  const reload = async (productId: string) => {
    try {
      const fresh = await getAdminProduct(productId).unwrap();
      setValues(valuesFromProduct(fresh));
      setExistingImages(fresh.images);
      setVersion(fresh.version);
      setTaxKnown(hasTaxData(fresh));
      setErrors({});
      setReloaded(true);
    } catch (error) {
      console.error('Failed to reload the product', error);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProductForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setSaveError(null);
    setReloaded(false);
    try {
      const form = buildProductFormData(
        values,
        previews.images.map((image) => image.file),
        product ? version : undefined,
        { allTaxFields: taxKnown },
      );
      const saved = product
        ? await updateProduct({ id: product._id, form }).unwrap()
        : await createProduct(form).unwrap();
      onSaved(saved, draftNoticeOf(values.active, saved));
    } catch (error) {
      console.error('Failed to save product', error);
      const message = errorMessage(error, SAVE_FAILED);
      setSaveError(message);
      // Every field the server refused, at once (its message names only the first).
      setErrors(serverFieldErrors(error));
      if (product && isHttpFailure(error) && error.status === 409 && message === PRODUCT_CHANGED_MESSAGE) {
        await reload(product._id);
      }
      setSaving(false);
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};
  const section = { values, errors, set, fieldId, invalid };

  return (
    <Modal open onClose={onClose} title={product ? 'Edit Product' : 'Add Product'} size="lg">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={product ? 'Edit Product' : 'Add Product'}>
        <Field label="Title" htmlFor={fieldId('title')} error={errors.title}>
          <input
            id={fieldId('title')}
            data-autofocus
            required
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            className={inputClass}
            {...invalid('title')}
          />
        </Field>

        <Field label="Description" htmlFor={fieldId('description')} error={errors.description}>
          <textarea
            id={fieldId('description')}
            rows={3}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            className={inputClass}
            {...invalid('description')}
          />
        </Field>

        <CategoryBrandFields {...section} knownCategories={knownCategories} />

        <PriceStockFields {...section} />

        <KindFields {...section} />

        <TaxFields {...section} taxKnown={taxKnown} />

        <EquipmentFields {...section} />

        <ImagesField
          inputId={fieldId('images')}
          existingImages={existingImages}
          removingImage={removingImage}
          onRemoveExisting={(image) => void removeExistingImage(image)}
          previews={previews}
        />

        <VariantsEditor
          idPrefix={id}
          rows={values.variants}
          errors={errors}
          onChange={setVariant}
          onAdd={() => setValues((current) => ({ ...current, variants: [...current.variants, newVariantRow()] }))}
          onRemove={(key) =>
            setValues((current) => ({ ...current, variants: current.variants.filter((row) => row.key !== key) }))
          }
        />

        {product && <History entityType="product" entityId={product._id} />}

        <ErrorList errors={errors} listRef={errorList} />

        {saveError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {saveError}
            {reloaded && <span className="mt-1 block text-red-600">{RELOADED_NOTE}</span>}
          </p>
        )}

        <div className="sticky bottom-0 -mx-5 flex justify-end gap-2 border-t border-slate-100 bg-white px-5 py-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={saving}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {saving ? 'Saving...' : 'Save Product'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
