/**
 * A product's tax data (docs/shop-rules.md#tax-data): the columns a validated form writes, and the fields the
 * product DTO carries for one product and the admin list (whose statement selects TAX_DATA_SELECT, product-dto.ts).
 * A form field not sent leaves the stored value alone; one sent empty clears it (the GST rate and the country of
 * origin go back to 18 and India).
 */
import { sql } from 'drizzle-orm';
import type { ProductForm, ProductTaxData } from '@pumpkart/shared';
import { products } from '../../../db/schema';

export const DEFAULT_GST_RATE = 18;
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India';

type TaxColumns = Partial<Pick<typeof products.$inferInsert, keyof ProductTaxData>>;

/** The tax columns of a form: only the fields it sent, so an edit that leaves them out keeps them. */
export function taxValues(form: ProductForm): TaxColumns {
  const values: TaxColumns = {};
  if (form.hsnCode !== undefined) values.hsnCode = form.hsnCode;
  if (form.gstRate !== undefined) values.gstRate = form.gstRate ?? DEFAULT_GST_RATE;
  if (form.countryOfOrigin !== undefined) values.countryOfOrigin = form.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN;
  if (form.manufacturer !== undefined) values.manufacturer = form.manufacturer;
  if (form.bisLicence !== undefined) values.bisLicence = form.bisLicence;
  if (form.pesoApproval !== undefined) values.pesoApproval = form.pesoApproval;
  if (form.legalMetrologyApproval !== undefined) values.legalMetrologyApproval = form.legalMetrologyApproval;
  if (form.complianceCategory !== undefined) values.complianceCategory = form.complianceCategory;
  if (form.extinguisherType !== undefined) values.extinguisherType = form.extinguisherType;
  // Only a fire extinguisher has a type: another category clears a stored one.
  if (form.complianceCategory !== undefined && form.complianceCategory !== 'fire-extinguisher') {
    values.extinguisherType = null;
  }
  if (form.warrantyMonths !== undefined) values.warrantyMonths = form.warrantyMonths;
  return values;
}

/**
 * The tax columns as taxDataOf reads them, for a statement read as the driver answers it (product-dto.ts): the
 * rate as float8, a number on both drivers (a numeric column comes as text).
 */
export const TAX_DATA_SELECT = sql`${products.hsnCode} as "hsnCode", ${products.gstRate}::float8 as "gstRate",
  ${products.countryOfOrigin} as "countryOfOrigin", ${products.manufacturer} as "manufacturer",
  ${products.bisLicence} as "bisLicence", ${products.pesoApproval} as "pesoApproval",
  ${products.legalMetrologyApproval} as "legalMetrologyApproval",
  ${products.complianceCategory} as "complianceCategory", ${products.extinguisherType} as "extinguisherType",
  ${products.warrantyMonths} as "warrantyMonths"`;

/** The tax data of a products row (drizzle's, or TAX_DATA_SELECT's), as the DTO answers it. */
export function taxDataOf(row: ProductTaxData): ProductTaxData {
  return {
    hsnCode: row.hsnCode,
    gstRate: Number(row.gstRate),
    countryOfOrigin: row.countryOfOrigin,
    manufacturer: row.manufacturer,
    bisLicence: row.bisLicence,
    pesoApproval: row.pesoApproval,
    legalMetrologyApproval: row.legalMetrologyApproval,
    complianceCategory: row.complianceCategory ?? null,
    extinguisherType: row.extinguisherType ?? null,
    warrantyMonths: row.warrantyMonths ?? null,
  };
}
