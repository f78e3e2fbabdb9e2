/**
 * The store_settings row and the API's store settings (docs/shop-rules.md#store-settings): the registered
 * address is nested in the API and flat in the table; the seller's state code is the GSTIN's first two digits.
 */
import type { StoreSettingsDto, StoreSettingsValues } from '@pumpkart/shared';
import type { StoreSettingsColumns, StoreSettingsRow as Row } from './store';

export function toStoreSettingsDto(row: Row): StoreSettingsDto {
  return {
    legalName: row.legalName,
    tradeName: row.tradeName,
    gstin: row.gstin,
    pan: row.pan,
    registeredAddress: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
    },
    stateCode: row.gstin.slice(0, 2),
    email: row.email,
    phone: row.phone,
    invoicePrefix: row.invoicePrefix,
    authorisedSignatory: row.authorisedSignatory,
    grievanceOfficer: { name: row.grievanceOfficerName, designation: row.grievanceOfficerDesignation },
    computedOriginalPrice: row.computedOriginalPrice,
    maxUnitsPerProduct: row.maxUnitsPerProduct,
    deliveryTaxMethod: row.deliveryTaxMethod,
    aggregateTurnoverBand: row.aggregateTurnoverBand,
    einvoiceEnabled: row.einvoiceEnabled,
    returnWindowDays: row.returnWindowDays,
    bankDetails: row.bankDetails ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of validated settings (everything but the id and the time). */
export function storeSettingsColumns(values: StoreSettingsValues): StoreSettingsColumns {
  return {
    legalName: values.legalName,
    tradeName: values.tradeName,
    gstin: values.gstin,
    pan: values.pan,
    addressLine1: values.registeredAddress.line1,
    addressLine2: values.registeredAddress.line2,
    city: values.registeredAddress.city,
    state: values.registeredAddress.state,
    postalCode: values.registeredAddress.postalCode,
    email: values.email,
    phone: values.phone,
    invoicePrefix: values.invoicePrefix,
    authorisedSignatory: values.authorisedSignatory,
    grievanceOfficerName: values.grievanceOfficer.name,
    grievanceOfficerDesignation: values.grievanceOfficer.designation,
    // Not sent: the stored setting stays (a new row takes the column's default, on).
    ...(values.computedOriginalPrice === undefined ? {} : { computedOriginalPrice: values.computedOriginalPrice }),
    maxUnitsPerProduct: values.maxUnitsPerProduct,
    // Not sent: the stored method stays (a new row takes the column's default, apportioned).
    ...(values.deliveryTaxMethod === undefined ? {} : { deliveryTaxMethod: values.deliveryTaxMethod }),
    // Not sent: the stored band stays (a new row takes the column's default, up to ₹5 crore).
    ...(values.aggregateTurnoverBand === undefined ? {} : { aggregateTurnoverBand: values.aggregateTurnoverBand }),
    // Not sent: the stored switch stays (a new row takes the column's default, off).
    ...(values.einvoiceEnabled === undefined ? {} : { einvoiceEnabled: values.einvoiceEnabled }),
    // Not sent: the stored window stays (a new row takes the column's default, DEFAULT_RETURN_WINDOW_DAYS).
    ...(values.returnWindowDays === undefined ? {} : { returnWindowDays: values.returnWindowDays }),
    // Not sent: the stored bank details stay (a new row has none).
    ...(values.bankDetails === undefined ? {} : { bankDetails: values.bankDetails }),
  };
}
