/**
 * An order at prices fixed beforehand (docs/shop-rules.md#quotes): an accepted quote's lines, unit prices and
 * delivery charge, written as placeOrder writes one (the order and its lines, the stock reserved, its payment row,
 * the e-mails of a COD order and of low stock), but inside the caller's transaction, so that the quote's own change
 * commits with it or not at all. Nothing is re-priced from the catalog; stock is checked by reserveStock, which
 * refuses a short line with a 409 naming it.
 */
import { BANK_MESSAGES, FULL_ADVANCE_PERCENT, type Address, type PaymentMode } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { approverEmails, businessApproval } from '../business';
import { enqueueMails, ownerEmail, type Envelope } from '../mail';
import {
  countOpenUnpaidOrders,
  insertOrder,
  insertOrderItems,
  lockBuyer,
  orderItemRows,
  refuseTooManyUnpaid,
  reserveStock,
} from '../orders';
import { BadRequestError } from '../../lib/errors';
import { insertPayment, offeredBankDetails, transferDueMail } from '../payments';

/** The transaction the caller opened (the quote's accept). */
type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export interface FixedPriceLine {
  productId: string;
  variantId: string | null;
  title: string;
  size: string | null;
  quantity: number;
  unitPricePaise: number;
  hsnCode: string | null;
  gstRate: number;
  certificates: string[];
}

export interface FixedPriceOrder {
  userId: string;
  paymentMode: PaymentMode;
  customer: { name: string; email: string; phone: string; businessName: string | null; gstin: string | null };
  address: Address;
  lines: FixedPriceLine[];
  shippingPaise: number;
  /** The business and outlet the quote was asked for (docs/shop-rules.md#business-accounts); null for a consumer. */
  businessId: string | null;
  outletId: string | null;
  /** The quote's advance (docs/shop-rules.md#bank-transfer): a bank-transfer order's terms; any other pays in full. */
  advancePercent: number;
}

/** Writes the order in `tx`; answers its id, whether the catalog's availability changed and whether it waits for approval. */
export async function writeFixedPriceOrder(ctx: AppContext, tx: Transaction, input: FixedPriceOrder) {
  const user = await lockBuyer(tx, input.userId);
  if (!user) throw new Error(`The buyer ${input.userId} no longer exists.`);
  refuseTooManyUnpaid(await countOpenUnpaidOrders(tx, input.userId), ctx.config.MAX_OPEN_UNPAID_ORDERS);
  const subtotalPaise = input.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const totalPaise = subtotalPaise + input.shippingPaise;
  const cod = input.paymentMode === 'cod';
  const bank = input.paymentMode === 'bank' ? await offeredBankDetails({ db: tx }) : null;
  if (input.paymentMode === 'bank' && !bank) throw new BadRequestError(BANK_MESSAGES.notOffered);
  const approval = input.businessId
    ? await businessApproval(tx, input.userId, input.businessId, totalPaise)
    : { waits: false, legalName: '' };
  const order = await insertOrder(tx, {
    userId: input.userId,
    status: 'pending',
    paymentMode: input.paymentMode,
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone,
    customerBusinessName: input.customer.businessName,
    customerGstin: input.customer.gstin,
    address: input.address,
    subtotalPaise,
    shippingPaise: input.shippingPaise,
    totalPaise,
    businessId: input.businessId,
    outletId: input.outletId,
    approvalStatus: approval.waits ? 'pending' : null,
    advancePercent: bank ? input.advancePercent : FULL_ADVANCE_PERCENT,
    idempotencyKey: null,
    idempotencyBodyHash: null,
  });
  await insertOrderItems(
    tx,
    orderItemRows(
      order.id,
      input.lines.map((line) => ({ ...line, imageUrl: null })),
    ),
  );
  const labelled = input.lines.map((line) => ({
    ...line,
    label: line.size ? `${line.title} (${line.size})` : line.title,
  }));
  const stockMove = await reserveStock(tx, labelled);
  await insertPayment(tx, {
    orderId: order.id,
    mode: input.paymentMode,
    amountPaise: totalPaise,
    gateway: cod ? 'cod' : bank ? 'bank' : ctx.payments.gateway.name,
  });
  const owner = ownerEmail(ctx.config);
  const mails: Envelope[] = stockMove.lowStock.map(({ productId, title, stock, threshold }) => ({
    to: owner,
    message: { kind: 'owner-low-stock', productId, title, size: null, stock, threshold },
  }));
  // As at checkout: a waiting order is told to its approvers; a COD one is told as placed once approved.
  if (approval.waits) {
    for (const to of await approverEmails(tx, input.businessId!)) {
      mails.push({
        to,
        message: {
          kind: 'approval-needed',
          orderId: order.id,
          businessName: approval.legalName,
          buyerName: input.customer.name,
        },
      });
    }
  } else if (cod) mails.push({ to: input.customer.email, message: { kind: 'order-placed', orderId: order.id } });
  mails.push(...transferDueMail(order, bank));
  await enqueueMails(tx, mails);
  return { orderId: order.id, availabilityChanged: stockMove.availabilityChanged, awaitsApproval: approval.waits };
}
