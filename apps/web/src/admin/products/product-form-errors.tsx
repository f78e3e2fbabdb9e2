/**
 * The product form's errors: the server's field problems of a 400, the list above the Save button naming each
 * field ('Title: ...', 'Variant 2: ...'), and the draft notice of a save kept inactive (docs/shop-rules.md#on-sale).
 */
import { draftNotice, missingForSale, type Product } from '@pumpkart/shared';
import type { Ref } from 'react';
import { isHttpFailure } from '../../api/http';
import type { ProductFormErrors, ProductFormValues } from './product-form';

/** The draft notice of a save that asked for Active and got an inactive product: what it lacks, by the shared rule. */
export function draftNoticeOf(asked: ProductFormValues['active'], saved: Product): string | null {
  if (asked !== 'true' || saved.active) return null;
  const missing = missingForSale({ ...saved, pictures: saved.images.length });
  return missing.length ? draftNotice(saved.title, missing, saved.variants.length > 0) : null;
}

/** The server's field problems of a 400 (`details`), keyed as the form's errors are. */
export function serverFieldErrors(error: unknown): ProductFormErrors {
  const details = isHttpFailure(error) ? (error.data as { details?: unknown } | null)?.details : undefined;
  if (!Array.isArray(details)) return {};
  const errors: ProductFormErrors = {};
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string') errors[detail.path] ??= detail.message;
  }
  return errors;
}

/** The fields' labels, as the form shows them, for the list of errors. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
  brand: 'Brand',
  price: 'Price',
  stock: 'Stock',
  lowStockThreshold: 'Low-stock threshold',
  hsnCode: 'HSN code',
  gstRate: 'GST rate',
  countryOfOrigin: 'Country of origin',
  manufacturer: 'Manufacturer',
  bisLicence: 'BIS licence',
  pesoApproval: 'PESO approval',
  legalMetrologyApproval: 'Legal Metrology approval',
  complianceCategory: 'Compliance category',
  kind: 'Kind',
  taskKeys: 'Tasks it does',
  amcVisitsPerYear: 'Visits a year',
  extinguisherType: 'Extinguisher type',
  warrantyMonths: 'Warranty',
};

/** An error of the list, named by its field ('Title: Title is required.', 'Variant 2: ...'). */
function errorLabel(name: string, message: string): string {
  const variant = /^variants\.(\d+)\./.exec(name);
  const label = variant ? `Variant ${Number(variant[1]) + 1}` : (FIELD_LABELS[name] ?? name);
  return `${label}: ${message}`;
}

/** Every error at once, each named by its field. */
export function ErrorList({ errors, listRef }: { errors: ProductFormErrors; listRef: Ref<HTMLDivElement> }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <div
      ref={listRef}
      role="alert"
      data-testid="form-errors"
      className="scroll-mb-20 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      <p className="font-semibold">
        {Object.keys(errors).length === 1
          ? 'Fix this before saving:'
          : `Fix these ${Object.keys(errors).length} things before saving:`}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(errors).map(([name, message]) => (
          <li key={name}>{errorLabel(name, message)}</li>
        ))}
      </ul>
    </div>
  );
}
