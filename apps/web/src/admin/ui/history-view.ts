/**
 * How the audit trail reads on screen (docs/shop-rules.md#audit): the words for each recorded field, its values
 * (rupees, yes/no, a dash for none), who made the change ('System' without a person) and when, in India time
 * (en-IN, Asia/Kolkata) whatever the browser's own zone. Used by the History sections and the Activity page.
 */
import { formatAmount, orderStatusLabel, type AuditEventDto } from '@pumpkart/shared';

/** The words of a recorded field; a field not listed shows its own name. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
  brand: 'Brand',
  price: 'Price',
  stock: 'Stock',
  variantStock: 'Stock per size',
  variants: 'Sizes and prices',
  lowStockThreshold: 'Low-stock threshold',
  active: 'Active',
  images: 'Images',
  hsnCode: 'HSN code',
  gstRate: 'GST rate (%)',
  countryOfOrigin: 'Country of origin',
  manufacturer: 'Manufacturer',
  bisLicence: 'BIS licence',
  pesoApproval: 'PESO approval',
  legalMetrologyApproval: 'Legal metrology approval',
  complianceCategory: 'Compliance category',
  kind: 'Kind',
  taskKeys: 'Tasks it does',
  extinguisherType: 'Extinguisher type',
  warrantyMonths: 'Warranty (months)',
  pesoLicenceNumber: 'PESO licence',
  pesoLicenceValidUntil: 'PESO licence valid until',
  status: 'Status',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  trackingUrl: 'Tracking URL',
  ewayBillNumber: 'E-way bill',
  vehicleNumber: 'Vehicle',
  transporterId: 'Transporter ID',
  noEwayBillReason: 'Shipped without an e-way bill because',
  payment: 'Payment',
  refund: 'Refund',
  refundMode: 'Refunded through',
  reason: 'Reason',
  legalName: 'Legal name',
  tradeName: 'Trade name',
  gstin: 'GSTIN',
  pan: 'PAN',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  postalCode: 'PIN code',
  email: 'E-mail',
  phone: 'Phone',
  invoicePrefix: 'Invoice prefix',
  authorisedSignatory: 'Authorised signatory',
  grievanceOfficerName: 'Grievance officer',
  grievanceOfficerDesignation: "Grievance officer's designation",
};

/** Fields whose numbers are rupees. */
const RUPEE_FIELDS = new Set(['price', 'refund']);

/** A long value (a description) is cut here. */
const MAX_VALUE_LENGTH = 120;

export const fieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** Fields that hold a note given with the change (a move back's reason): shown as the note alone, no before → after. */
const NOTE_FIELDS = new Set(['reason']);

/**
 * A recorded value as text: '—' for none, Yes/No, rupees for amounts, an order status as the spec's lists name it
 * (Pending, ...), long text cut with '…'.
 */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status' && typeof value === 'string') return orderStatusLabel(value);
  if (typeof value === 'number' && RUPEE_FIELDS.has(field)) return formatAmount(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** Where a field comes in a list of changes: the order of AUDIT_FIELD_LABELS (the database keeps no order). */
const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABELS);
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

/**
 * The summary of a change as shown: an order's status change is written from its recorded statuses (capitalised,
 * as records written before the labels were capitalised are not), with '(moved back)' when it carries a reason.
 */
export function summaryOf(event: Pick<AuditEventDto, 'kind' | 'summary' | 'changes'>): string {
  const status = event.kind === 'order.status_changed' ? event.changes?.status : undefined;
  if (!status) return event.summary;
  const movedBack = event.changes?.reason ? ' (moved back)' : '';
  return `Status: ${auditValue('status', status.before)} → ${auditValue('status', status.after)}${movedBack}`;
}

/**
 * The change's fields as lines to show, in the order of AUDIT_FIELD_LABELS (unknown fields last). An order's status
 * change leaves out its status, which its summary already says (summaryOf), so that each change shows once.
 */
export function changeLines(event: Pick<AuditEventDto, 'kind' | 'changes'>) {
  const entries = Object.entries(event.changes ?? {})
    .filter(([field]) => !(event.kind === 'order.status_changed' && field === 'status'))
    .sort(([a], [b]) => rank(a) - rank(b));
  return entries.map(([field, { before, after }]) => ({
    field,
    label: fieldLabel(field),
    before: auditValue(field, before),
    after: auditValue(field, after),
    note: NOTE_FIELDS.has(field),
  }));
}

/** Who made the change: the person's e-mail at the time, or 'System'. */
export const actorName = (event: Pick<AuditEventDto, 'actor'>) =>
  event.actor.email ?? (event.actor._id ? 'A deleted account' : 'System');
