import { describe, expect, it } from 'vitest';
import { adminMayChangeStatus, adminStatusChangeRefusal, buyerMayCancel, paymentOf } from './status';
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
    expect(buyerMayCancel({ status: 'pending' })).toBe(true);
    expect(buyerMayCancel({ status: 'processing' })).toBe(true);
    expect(buyerMayCancel({ status: 'shipped' })).toBe(false);
    expect(buyerMayCancel({ status: 'delivered' })).toBe(false);
    expect(buyerMayCancel({ status: 'cancelled' })).toBe(false);
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
