/**
 * The product view's "Product details" list (docs/shop-rules.md#tax-data): HSN code, country of origin,
 * manufacturer (or packer or importer) and the certificate numbers (BIS licence, PESO approval, Legal
 * Metrology approval), each only when the product has it. Nothing shows while the product's tax data has
 * not been loaded (a card's product opens first, the full one follows).
 */
import { MESSAGES, taxCodeLabel, type ProductKind, type ProductTaxFields } from '@pumpkart/shared';

/** A service's code is its SAC code (docs/shop-rules.md#service-products). */
type DetailsOf = ProductTaxFields & { kind?: ProductKind };

const ROWS: readonly [keyof Omit<ProductTaxFields, 'gstRate' | 'warrantyMonths'>, string][] = [
  ['hsnCode', 'HSN code'],
  ['countryOfOrigin', 'Country of origin'],
  ['manufacturer', 'Manufacturer'],
  ['bisLicence', 'BIS licence'],
  ['pesoApproval', 'PESO approval'],
  ['legalMetrologyApproval', 'Legal Metrology approval'],
];

/** The rows the product has: [label, value], in the list's order. */
export function productDetailRows(product: DetailsOf): [string, string][] {
  return ROWS.flatMap(([key, label]) => {
    const value = product[key]?.trim();
    return value ? [[key === 'hsnCode' ? taxCodeLabel(product.kind) : label, value] as [string, string]] : [];
  });
}

export function ProductTaxDetails({ product, headingLevel }: { product: DetailsOf; headingLevel: 2 | 3 }) {
  const rows = productDetailRows(product);
  if (rows.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="product-details-title" className="border-t border-slate-200 pt-3">
      <Heading id="product-details-title" className="mb-2 text-sm font-semibold text-slate-900">
        {MESSAGES.productDetails}
      </Heading>
      <dl className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="product-details">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
