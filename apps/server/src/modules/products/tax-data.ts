/**
 * A product's tax data (docs/shop-rules.md#tax-data): the columns a validated form writes, and the fields the
 * product DTO carries for one product and the admin list. A form field not sent leaves the stored value alone;
 * one sent empty clears it (the GST rate and the country of origin go back to 18 and India).
 */
import { inArray } from 'drizzle-orm';
import type { ProductDto, ProductForm, ProductTaxData } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

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
  return values;
}

const taxColumns = {
  id: products.id,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  countryOfOrigin: products.countryOfOrigin,
  manufacturer: products.manufacturer,
  bisLicence: products.bisLicence,
  pesoApproval: products.pesoApproval,
  legalMetrologyApproval: products.legalMetrologyApproval,
};

/** The tax data of a products row, as the DTO answers it. */
export function taxDataOf(row: ProductTaxData): ProductTaxData {
  return {
    hsnCode: row.hsnCode,
    gstRate: Number(row.gstRate),
    countryOfOrigin: row.countryOfOrigin,
    manufacturer: row.manufacturer,
    bisLicence: row.bisLicence,
    pesoApproval: row.pesoApproval,
    legalMetrologyApproval: row.legalMetrologyApproval,
  };
}

/** The DTOs with their tax data, read in one query (the admin list). */
export async function withTaxData(db: DbOrTx, dtos: ProductDto[]): Promise<ProductDto[]> {
  if (dtos.length === 0) return dtos;
  const rows = await db
    .select(taxColumns)
    .from(products)
    .where(
      inArray(
        products.id,
        dtos.map((dto) => dto._id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dtos.map((dto) => {
    const row = byId.get(dto._id);
    return row ? { ...dto, ...taxDataOf(row) } : dto;
  });
}
