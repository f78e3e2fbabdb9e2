/**
 * Example tax invoices and a credit note for the PDF tests and the render benchmark: TaxDocument snapshots built
 * with the shared GST computation (computeTax, rupeesInWords), as the server builds them when it issues one
 * (docs/decisions/0009-gst-tax-computation.md, docs/shop-rules.md#store-settings). Used by tests and bench only.
 */
import {
  computeTax,
  placeOfSupplyOf,
  rupeesInWords,
  type DocumentAddress,
  type DocumentBuyer,
  type DocumentSeller,
  type GstRate,
  type TaxDocument,
} from '@pumpkart/shared';

export interface FixtureItem {
  description: string;
  hsn: string;
  quantity: number;
  ratePercent: GstRate;
  /** GST-inclusive price of one unit, paise. */
  unitPricePaise: number;
  certificates?: string[];
}

export interface FixtureInput {
  kind?: TaxDocument['kind'];
  number: string;
  issuedAt: string;
  orderId?: string;
  paymentMode?: 'online' | 'cod';
  seller?: DocumentSeller;
  buyer: DocumentBuyer;
  items: FixtureItem[];
  deliveryChargePaise?: number;
  reference?: TaxDocument['reference'];
  reason?: string | null;
}

/** The shop, registered in Maharashtra (state code 27). */
export const SELLER_MAHARASHTRA: DocumentSeller = {
  legalName: 'PumpKart Retail Private Limited',
  tradeName: 'PumpKart',
  gstin: '27AAKCP4821M1ZZ',
  pan: 'AAKCP4821M',
  stateCode: '27',
  address: {
    line1: 'Unit 14, Udyog Bhavan, Plot C-7',
    line2: 'MIDC Bhosari',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411026',
    country: 'India',
  },
  email: 'accounts@pumpkart.in',
  phone: '9822012345',
  signatory: 'Anjali Deshpande',
};

/** The same business's registration in Chandigarh, a union territory without a legislature (UTGST). */
export const SELLER_CHANDIGARH: DocumentSeller = {
  ...SELLER_MAHARASHTRA,
  gstin: '04AAKCP4821M1Z7',
  stateCode: '04',
  address: {
    line1: 'SCO 212, Sector 34-A',
    line2: null,
    city: 'Chandigarh',
    state: 'Chandigarh',
    postalCode: '160022',
    country: 'India',
  },
};

function address(line1: string, city: string, state: string, postalCode: string, line2?: string): DocumentAddress {
  return { line1, line2: line2 ?? null, city, state, postalCode, country: 'India' };
}

export const BUYER_PUNE: DocumentBuyer = {
  name: 'Rahul Kulkarni',
  phone: '9876543210',
  email: 'rahul.kulkarni@example.com',
  businessName: null,
  gstin: null,
  address: address('Flat 302, Shanti Apartments', 'Pune', 'Maharashtra', '411004', 'Law College Road, Erandwane'),
};

export const BUYER_BENGALURU: DocumentBuyer = {
  name: 'Priya Raghavan',
  phone: '9845012345',
  email: 'priya.r@example.com',
  businessName: null,
  gstin: null,
  address: address('No. 18, 4th Cross, 2nd Main', 'Bengaluru', 'Karnataka', '560034', 'Koramangala 1st Block'),
};

export const BUYER_CHANDIGARH: DocumentBuyer = {
  name: 'Harpreet Singh',
  phone: '9814098140',
  email: 'harpreet@example.com',
  businessName: null,
  gstin: null,
  address: address('House 1127, Sector 21-B', 'Chandigarh', 'Chandigarh', '160022'),
};

export const BUYER_B2B: DocumentBuyer = {
  name: 'Suresh Babu',
  phone: '9448012345',
  email: 'purchase@shreesaifuels.example.com',
  businessName: 'Shree Sai Fuels and Services',
  gstin: '29AABCS7719Q1ZI',
  address: address('Survey No. 45/2, NH 48', 'Tumakuru', 'Karnataka', '572106', 'Kyathsandra'),
};

const NOZZLE: FixtureItem = {
  description: 'Automatic fuel nozzle, 3/4 inch, with swivel',
  hsn: '84139190',
  quantity: 2,
  ratePercent: 18,
  unitPricePaise: 4_499_00,
  certificates: ['BIS licence: CM/L-7600123456', 'PESO approval: P/HQ/MH/15/4521 (P384512)'],
};
const DOG_FOOD: FixtureItem = {
  description: 'Adult dog food, chicken and rice, 10 kg',
  hsn: '23091000',
  quantity: 3,
  ratePercent: 5,
  unitPricePaise: 2_349_50,
};
const HOSE: FixtureItem = {
  description: 'Dispenser hose, 16 mm x 4.5 m, antistatic',
  hsn: '40093100',
  quantity: 1,
  ratePercent: 18,
  unitPricePaise: 3_250_00,
  certificates: ['Legal Metrology approval: IND/09/21/412'],
};

/** A TaxDocument as the server snapshots it at issue, from the goods, the delivery charge and the parties. */
export function buildTaxDocument(input: FixtureInput): TaxDocument {
  const seller = input.seller ?? SELLER_MAHARASHTRA;
  const place = placeOfSupplyOf(input.buyer.address.state);
  const tax = computeTax({
    sellerStateCode: seller.stateCode,
    placeOfSupplyStateCode: place.code,
    lines: input.items.map((item) => ({
      description: item.description,
      hsn: item.hsn,
      quantity: item.quantity,
      ratePercent: item.ratePercent,
      inclusivePaise: item.unitPricePaise * item.quantity,
    })),
    deliveryChargePaise: input.deliveryChargePaise ?? 0,
  });
  const orderId = input.orderId ?? '6650f1c2a9e4b7d3c5a1e9f2';
  return {
    kind: input.kind ?? 'invoice',
    number: input.number,
    issuedAt: input.issuedAt,
    order: {
      id: orderId,
      number: orderId.slice(-6),
      placedAt: '2026-05-14T09:12:00.000Z',
      paymentMode: input.paymentMode ?? 'online',
    },
    reference: input.reference ?? null,
    reason: input.reason ?? null,
    seller,
    buyer: input.buyer,
    placeOfSupply: { code: place.code, name: place.name },
    supplyType: tax.supplyType,
    stateTax: tax.stateTax,
    lines: tax.lines.map((line, index) => {
      const item = input.items[index];
      return item
        ? { ...line, unit: 'NOS', unitPricePaise: item.unitPricePaise, certificates: item.certificates ?? [] }
        : { ...line, unit: 'OTH', unitPricePaise: 0, certificates: [] };
    }),
    totals: tax.totals,
    roundOffPaise: tax.roundOffPaise,
    deliveryTaxMethod: tax.deliveryTaxMethod,
    amountInWords: rupeesInWords(tax.chargedPaise),
    reverseCharge: false,
    irn: null,
    signedQrCode: null,
  };
}

/** Maharashtra to Maharashtra: CGST + SGST. */
export const INTRA_STATE = buildTaxDocument({
  number: 'PK/26-27/000123',
  issuedAt: '2026-05-14T09:15:27.000Z',
  buyer: BUYER_PUNE,
  items: [NOZZLE, DOG_FOOD, HOSE],
  deliveryChargePaise: 149_00,
});

/** Maharashtra to Karnataka: IGST. */
export const INTER_STATE = buildTaxDocument({
  number: 'PK/26-27/000124',
  issuedAt: '2026-05-14T19:05:00.000Z',
  orderId: '6650f1c2a9e4b7d3c5a1f0a7',
  paymentMode: 'cod',
  buyer: BUYER_BENGALURU,
  items: [NOZZLE, DOG_FOOD],
  deliveryChargePaise: 249_00,
});

/** Chandigarh to Chandigarh, a union territory without a legislature: CGST + UTGST. */
export const UNION_TERRITORY = buildTaxDocument({
  seller: SELLER_CHANDIGARH,
  number: 'CH/26-27/000009',
  issuedAt: '2026-06-02T05:30:00.000Z',
  orderId: '6650f1c2a9e4b7d3c5a1f1b3',
  buyer: BUYER_CHANDIGARH,
  items: [DOG_FOOD, HOSE],
  deliveryChargePaise: 99_00,
});

/** A business buyer with a GSTIN in Karnataka (B2B, IGST). */
export const B2B = buildTaxDocument({
  number: 'PK/26-27/000125',
  issuedAt: '2026-07-01T10:00:00.000Z',
  orderId: '6650f1c2a9e4b7d3c5a1f2c8',
  buyer: BUYER_B2B,
  items: [
    { ...NOZZLE, quantity: 8 },
    { ...HOSE, quantity: 8 },
  ],
});

/** The credit note of a cancelled invoiced order: same split, referencing the invoice. */
export const CREDIT_NOTE = buildTaxDocument({
  kind: 'credit-note',
  number: 'CN/26-27/000007',
  issuedAt: '2026-05-16T04:45:00.000Z',
  buyer: BUYER_PUNE,
  items: [NOZZLE, DOG_FOOD, HOSE],
  deliveryChargePaise: 149_00,
  reference: { number: 'PK/26-27/000123', issuedAt: '2026-05-14T09:15:27.000Z' },
  reason: 'Order cancelled',
});

/** An order of ₹1,23,45,678.90: crores in the figures and in words. */
export const LARGE_TOTAL = buildTaxDocument({
  number: 'PK/26-27/000126',
  issuedAt: '2026-08-20T12:00:00.000Z',
  orderId: '6650f1c2a9e4b7d3c5a1f3d9',
  buyer: BUYER_B2B,
  items: [
    {
      description: 'Fuel dispenser, 4 nozzles, 2 products, with printer',
      hsn: '84131100',
      quantity: 41,
      ratePercent: 18,
      unitPricePaise: 3_00_000_00,
      certificates: ['PESO approval: P/HQ/MH/15/7788 (P400321)', 'Legal Metrology approval: IND/13/19/288'],
    },
    {
      description: 'Submersible turbine pump, 1.5 HP',
      hsn: '84137010',
      quantity: 1,
      ratePercent: 18,
      unitPricePaise: 45_000_00,
    },
  ],
  deliveryChargePaise: 678_90,
});

/** A 60-line order: the table runs over pages and repeats its header. */
export const LONG_ORDER = buildTaxDocument({
  number: 'PK/26-27/000127',
  issuedAt: '2026-09-05T08:00:00.000Z',
  orderId: '6650f1c2a9e4b7d3c5a1f4e0',
  buyer: BUYER_PUNE,
  items: Array.from({ length: 60 }, (_, i) => {
    const base = [NOZZLE, DOG_FOOD, HOSE][i % 3];
    return { ...base, description: `${base.description} (item ${i + 1})`, quantity: 1 + (i % 4) };
  }),
  deliveryChargePaise: 149_00,
});

export const PDF_FIXTURES = {
  'intra-state': INTRA_STATE,
  'inter-state': INTER_STATE,
  'union-territory': UNION_TERRITORY,
  b2b: B2B,
  'credit-note': CREDIT_NOTE,
  'large-total': LARGE_TOTAL,
  'long-order': LONG_ORDER,
} as const;
