/**
 * The snapshots of a return's credit note and a debit note (notes.ts): the returned units at the invoice's unit
 * price and rate, the delivery share taxed as the invoice taxed its delivery charge, and shares that add up to the
 * delivery charge over any number of returns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentTotalPaise, type TaxDocument } from '@pumpkart/shared';
import { debitNoteDocument, deliveryShareOf, returnCreditNoteDocument } from './notes';
import { invoiceDocument } from './snapshot';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { toStoreSettingsDto } from '../settings';

const at = new Date('2026-06-15T06:00:00Z');

function invoice(method: 'apportioned' | 'highest-rate'): TaxDocument {
  const settings = demoStoreSettings();
  const seller = {
    ...toStoreSettingsDto({
      id: 1,
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      gstin: settings.gstin,
      pan: settings.pan,
      bankDetails: null,
      addressLine1: settings.registeredAddress.line1,
      addressLine2: settings.registeredAddress.line2 ?? '',
      city: settings.registeredAddress.city,
      state: settings.registeredAddress.state,
      postalCode: settings.registeredAddress.postalCode,
      email: settings.email,
      phone: settings.phone,
      invoicePrefix: settings.invoicePrefix,
      authorisedSignatory: settings.authorisedSignatory,
      grievanceOfficerName: settings.grievanceOfficer.name,
      grievanceOfficerDesignation: settings.grievanceOfficer.designation,
      computedOriginalPrice: true,
      maxUnitsPerProduct: 50,
      deliveryTaxMethod: method,
      returnWindowDays: 7,
      aggregateTurnoverBand: 'up-to-5-crore',
      einvoiceEnabled: false,
      updatedAt: at,
    }),
  };
  const line = (title: string, unitPricePaise: number, quantity: number, hsnCode: string, gstRate: number) => ({
    title,
    size: null,
    unitPricePaise,
    quantity,
    subtotalPaise: unitPricePaise * quantity,
    hsnCode,
    gstRate,
    certificates: [],
  });
  return invoiceDocument(
    {
      order: {
        id: '00000000-0000-4000-8000-00000000abcd',
        createdAt: at,
        paymentMode: 'online',
        customerName: 'Asha Patel',
        customerEmail: 'asha@example.com',
        customerPhone: '9123456780',
        customerBusinessName: null,
        customerGstin: null,
        address: {
          recipientName: 'Asha',
          recipientPhone: '9123456780',
          line1: '1 MG Road',
          line2: '',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411001',
          country: 'India',
        },
        shippingPaise: 12_345,
      },
      lines: [line('A pump', 118_000, 3, '84131100', 18), line('B hose', 52_500, 1, '40093100', 5)],
      seller,
    },
    'PK/26-27/000001',
    at,
  );
}

describe('deliveryShareOf', () => {
  it('gives back exactly the delivery charge over any split of the goods into returns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 6 }),
        (shipping, parts) => {
          const goods = parts.reduce((a, b) => a + b, 0);
          let before = 0;
          let total = 0;
          for (const part of parts) {
            const share = deliveryShareOf(shipping, goods, before, part);
            expect(share).toBeGreaterThanOrEqual(0);
            total += share;
            before += part;
          }
          expect(total).toBe(shipping);
        },
      ),
    );
  });
});

describe("a return's credit note", () => {
  it('apportioned: the returned units and their share over the returned goods, adding up to the refund', () => {
    const doc = invoice('apportioned');
    const share = deliveryShareOf(12_345, 406_500, 0, 236_000);
    const note = returnCreditNoteDocument(
      doc,
      [{ index: 0, quantity: 2, inclusivePaise: 236_000 }],
      share,
      'CN/26-27/000009',
      at,
      'Goods returned (return 1)',
    );
    expect(note).toMatchObject({ kind: 'credit-note', partial: true, reference: { number: 'PK/26-27/000001' } });
    expect(note.lines.map((l) => [l.kind, l.hsn, l.ratePercent, l.quantity])).toEqual([
      ['goods', '84131100', 18, 2],
      ['delivery', '84131100', 18, 0],
    ]);
    expect(documentTotalPaise(note)).toBe(236_000 + share);
  });

  it('highest rate: the share goes back at the invoice’s delivery rate, even for goods at a lower one', () => {
    const doc = invoice('highest-rate');
    const note = returnCreditNoteDocument(
      doc,
      [{ index: 1, quantity: 1, inclusivePaise: 52_500 }],
      1_594,
      'CN/26-27/000010',
      at,
      'Goods returned (return 1)',
    );
    expect(note.lines.map((l) => [l.kind, l.ratePercent])).toEqual([
      ['goods', 5],
      ['delivery', 18],
    ]);
    expect(documentTotalPaise(note)).toBe(52_500 + 1_594);
  });
});

describe('a debit note', () => {
  it('raises a line by a GST-inclusive amount at its invoice rate, with no delivery line', () => {
    const note = debitNoteDocument(
      invoice('apportioned'),
      [{ index: 0, quantity: 3, inclusivePaise: 11_800 }],
      'DN/26-27/000001',
      at,
      'Price revised',
    );
    expect(note.kind).toBe('debit-note');
    expect(note.lines).toEqual([
      expect.objectContaining({ taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, quantity: 3 }),
    ]);
    expect(documentTotalPaise(note)).toBe(11_800);
    expect(note.amountInWords).toMatch(/One Hundred Eighteen/i);
  });
});
