import { describe, expect, it } from 'vitest';
import { shipmentInputSchema } from '../schemas/orders';
import { SERVER_MESSAGES } from '../messages';
import { EWAY_BILL_THRESHOLD_PAISE, ewayBillRequired } from './eway-bill';

describe('e-way bill threshold (CGST Rule 138(1): value exceeding ₹50,000)', () => {
  it('asks above ₹50,000 only', () => {
    expect(EWAY_BILL_THRESHOLD_PAISE).toBe(50_000_00);
    expect(ewayBillRequired(50_000_00)).toBe(false);
    expect(ewayBillRequired(50_000_01)).toBe(true);
    expect(ewayBillRequired(0)).toBe(false);
  });
});

describe('the shipment with an e-way bill', () => {
  const base = { courier: 'VRL Logistics', trackingNumber: 'LR 4471' };
  it('compacts the number, vehicle and transporter ID; empty fields count as none', () => {
    const parsed = shipmentInputSchema.parse({
      ...base,
      ewayBillNumber: ' 1312 3456 7890 ',
      vehicleNumber: 'ka-01 ab 1234',
      transporterId: '',
      noEwayBillReason: '  ',
    });
    expect(parsed).toMatchObject({ ewayBillNumber: '131234567890', vehicleNumber: 'KA01AB1234' });
    expect(parsed.transporterId).toBeUndefined();
    expect(parsed.noEwayBillReason).toBeUndefined();
  });

  it('needs the vehicle or the transporter with a number', () => {
    const result = shipmentInputSchema.safeParse({ ...base, ewayBillNumber: '131234567890' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SERVER_MESSAGES.ewayBillTransportRequired);
    expect(shipmentInputSchema.safeParse({ ...base, transporterId: '29aabcs7719q1zi' }).success).toBe(true);
  });
});
