import { describe, expect, it } from 'vitest';
import { adminMayChangeStatus, adminStatusChangeRefusal, buyerMayCancel, isMoveBack, paymentOf } from './status';
import { variantChoiceOf } from './cart';

describe("an order's payment", () => {
  it('reads the payment, keeping its other fields', () => {
    const payment = { mode: 'cod' as const, status: 'success' as const, amount: 410.4, transactionId: null };
    expect(paymentOf({ paymentMode: 'online', payment })).toEqual(payment);
  });
  it("falls back to the order's mode and 'pending' without a payment", () => {
    expect(paymentOf({ paymentMode: 'cod', payment: null })).toEqual({ mode: 'cod', status: 'pending' });
  });
});

describe('who may change an order', () => {
  const paid = { mode: 'online' as const, status: 'success' as const };
  it('the buyer cancels only pending or processing orders', () => {
    const notShipped = { shippedAt: null };
    expect(buyerMayCancel({ status: 'pending', ...notShipped })).toBe(true);
    expect(buyerMayCancel({ status: 'processing', ...notShipped })).toBe(true);
    expect(buyerMayCancel({ status: 'shipped', ...notShipped })).toBe(false);
    expect(buyerMayCancel({ status: 'delivered', ...notShipped })).toBe(false);
    expect(buyerMayCancel({ status: 'cancelled', ...notShipped })).toBe(false);
  });
  it('the buyer never cancels an order that has shipped, whatever its status became later', () => {
    const shippedAt = '2026-11-20T10:00:00.000Z';
    expect(buyerMayCancel({ status: 'pending', shippedAt })).toBe(false);
    expect(buyerMayCancel({ status: 'processing', shippedAt: new Date(shippedAt) })).toBe(false);
  });
  it('a move back is from shipped or delivered to an earlier status, never to or from cancelled', () => {
    expect(isMoveBack('delivered', 'pending')).toBe(true);
    expect(isMoveBack('delivered', 'processing')).toBe(true);
    expect(isMoveBack('delivered', 'shipped')).toBe(true);
    expect(isMoveBack('shipped', 'processing')).toBe(true);
    expect(isMoveBack('shipped', 'pending')).toBe(true);
    expect(isMoveBack('shipped', 'shipped')).toBe(false);
    expect(isMoveBack('shipped', 'delivered')).toBe(false);
    expect(isMoveBack('processing', 'pending')).toBe(false);
    expect(isMoveBack('delivered', 'cancelled')).toBe(false);
    expect(isMoveBack('cancelled', 'pending')).toBe(false);
  });
  it('the admin changes the status of a paid order that is not cancelled', () => {
    expect(adminStatusChangeRefusal({ status: 'processing', paymentMode: 'online', payment: paid })).toBeNull();
    expect(adminMayChangeStatus({ status: 'shipped', paymentMode: 'online', payment: paid })).toBe(true);
    expect(adminStatusChangeRefusal({ status: 'cancelled', paymentMode: 'online', payment: paid })).toBe('cancelled');
    expect(
      adminStatusChangeRefusal({ status: 'pending', paymentMode: 'cod', payment: { mode: 'cod', status: 'pending' } }),
    ).toBe('paymentNotComplete');
    expect(adminMayChangeStatus({ status: 'pending', paymentMode: 'online', payment: null })).toBe(false);
  });
});

describe("a line's variant", () => {
  const variants = [{ id: 'v1' }, { id: 'v2' }];
  const idOf = (variant: { id: string }) => variant.id;
  it('a product with variants needs one of its own', () => {
    expect(variantChoiceOf(variants, 'v2', idOf)).toEqual({ variant: { id: 'v2' } });
    expect(variantChoiceOf(variants, null, idOf)).toEqual({ problem: 'chooseVariant' });
    expect(variantChoiceOf(variants, 'other', idOf)).toEqual({ problem: 'variantNotOfProduct' });
  });
  it('a product without variants takes none', () => {
    expect(variantChoiceOf([], null, idOf)).toEqual({ variant: null });
    expect(variantChoiceOf([], 'v1', idOf)).toEqual({ problem: 'noVariants' });
  });
});
