/**
 * The checkout modal's rules as pure functions (docs/shop-rules.md#validation): required fields, the
 * buyer's optional business name and GSTIN (checked in the browser with the shared GSTIN check, so its
 * reason shows under the field before anything is sent: docs/decisions/0009-gst-tax-computation.md), the
 * order creation payload built from the selected in-stock cart lines with the shared totals, the
 * saved-address list, and the modal's error text.
 */
import {
  addressSchema,
  BUSINESS_NAME_MAX_LENGTH,
  keyOfLine,
  linePrice,
  isLineAvailable,
  MESSAGES,
  orderCustomerSchema,
  selectionTotals,
  SERVER_MESSAGES,
  toRupees,
  validateGstin,
  type Address,
  type CartLine,
  type CreateOrderBody,
  type PaymentMode,
} from '@pumpkart/shared';
import { isAddressIncomplete, trimAddress } from '../../lib/address';

export interface CustomerInfo {
  name: string;
  email: string;
  phone: string;
  /** Optional: for a tax invoice in the business's name; empty means none. */
  businessName: string;
  /** Optional: empty means none; a typed one must pass the GSTIN check. */
  gstin: string;
}

export interface BusinessErrors {
  businessName?: string;
  gstin?: string;
}

/**
 * The business name (at most BUSINESS_NAME_MAX_LENGTH characters) and the GSTIN (validateGstin's reason,
 * word for word, when one is typed); an empty object when both are fine or empty.
 */
export function validateBusinessDetails(customer: Pick<CustomerInfo, 'businessName' | 'gstin'>): BusinessErrors {
  const errors: BusinessErrors = {};
  if (customer.businessName.trim().length > BUSINESS_NAME_MAX_LENGTH) {
    errors.businessName = SERVER_MESSAGES.businessNameTooLong;
  }
  if (customer.gstin.trim()) {
    const check = validateGstin(customer.gstin);
    if (!check.ok) errors.gstin = check.reason;
  }
  return errors;
}

/** The business name and GSTIN as the order carries them: trimmed (the GSTIN upper-cased), left out when empty. */
function businessDetailsOf(customer: CustomerInfo): { businessName?: string; gstin?: string } {
  const businessName = customer.businessName.trim();
  const gstin = customer.gstin.trim().toUpperCase();
  return { ...(businessName ? { businessName } : {}), ...(gstin ? { gstin } : {}) };
}

const blank = (value: string | undefined) => !value || !value.trim();

const isCustomerIncomplete = (customer: CustomerInfo) =>
  blank(customer.name) || blank(customer.email) || blank(customer.phone);

/**
 * The two alerts for missing fields (docs/shop-rules.md#validation) come first; then the shared
 * contracts' format rules (10-digit phone, 6-digit postal code, a valid email), so a typo is caught
 * before the server. Answers the alert text or the inline error text, or null when the form is
 * complete.
 */
export function validateCheckout(
  customer: CustomerInfo,
  address: Partial<Address> | undefined,
): { alert: string } | { error: string } | null {
  if (isCustomerIncomplete(customer)) return { alert: MESSAGES.checkoutCustomerRequired };
  if (isAddressIncomplete(address)) return { alert: MESSAGES.checkoutAddressIncomplete };
  const customerCheck = orderCustomerSchema.safeParse(customer);
  if (!customerCheck.success) return { error: customerCheck.error.issues[0]!.message };
  const addressCheck = addressSchema.safeParse(address);
  if (!addressCheck.success) return { error: addressCheck.error.issues[0]!.message };
  return null;
}

/**
 * The order creation payload (docs/shop-rules.md#orders) from the selected in-stock lines: prices
 * from the shared line rules, shipping and total from the shared delivery tiers, in rupees.
 */
export function buildOrderPayload(input: {
  customer: CustomerInfo;
  address: Address;
  lines: readonly CartLine[];
  paymentMode: PaymentMode;
}): CreateOrderBody {
  const lines = input.lines.filter(isLineAvailable);
  const totals = selectionTotals(lines, new Set(lines.map(keyOfLine)));
  return {
    customer: {
      name: input.customer.name.trim(),
      email: input.customer.email.trim(),
      phone: input.customer.phone.trim(),
      ...businessDetailsOf(input.customer),
    },
    address: trimAddress(input.address),
    items: lines.map((line) => ({
      product: line.product._id,
      variantId: line.variantId ?? line.variant?._id ?? null,
      title: line.product.title,
      price: linePrice(line),
      quantity: line.quantity,
      // A service's booked day (docs/shop-rules.md#service-products); goods send none.
      ...(line.serviceDate ? { serviceDate: line.serviceDate } : {}),
    })),
    shipping: toRupees(totals.shippingPaise),
    total: toRupees(totals.totalPaise),
    paymentMode: input.paymentMode,
  };
}

const addressKey = (address: Address) =>
  [address.recipientName, address.recipientPhone, address.line1, address.line2 ?? '', address.postalCode]
    .map((part) => part.trim().toLowerCase())
    .join('|');

/** The saved addresses offered at checkout: the profile's, then those typed at earlier checkouts. */
export function savedAddressChoices(profile: readonly Address[], typed: readonly Address[]): Address[] {
  const seen = new Set<string>();
  const result: Address[] = [];
  for (const address of [...profile, ...typed]) {
    if (isAddressIncomplete(address)) continue;
    const key = addressKey(address);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...address, line2: address.line2 ?? '' });
  }
  return result;
}

/** Adds a newly typed address to the locally saved ones (most recent first, at most 5). */
export function rememberAddress(typed: readonly Address[], address: Address): Address[] {
  const key = addressKey(address);
  return [address, ...typed.filter((existing) => addressKey(existing) !== key)].slice(0, 5);
}

/** The checkout modal's error text (shared with Pay now, which can fail the same ways). */
export { checkoutErrorMessage } from '../../shop/payment/payment-errors';
