/**
 * Random carts for the property tests of the GST computation (docs/decisions/0009-gst-tax-computation.md):
 * 1-20 lines at rates from GST_RATES, GST-inclusive amounts up to ₹1 crore, a random delivery charge, a seller
 * and a place of supply that are the same state (intra-state) or not. Used by tests only.
 */
import fc from 'fast-check';
import { GST_STATES } from './states';
import { GST_RATES, type InvoiceLineInput, type TaxInput } from './tax';

const ONE_CRORE_PAISE = 1_00_00_000_00;

export const lineArbitrary: fc.Arbitrary<InvoiceLineInput> = fc.record({
  description: fc.constantFrom('Fuel dispenser nozzle', 'Dog food 10 kg', 'Hose pipe', 'Cat litter', 'Flow meter'),
  hsn: fc.constantFrom('8413', '2309', '4009', '84131100', '902610'),
  quantity: fc.integer({ min: 1, max: 1000 }),
  ratePercent: fc.constantFrom(...GST_RATES),
  inclusivePaise: fc.oneof(fc.integer({ min: 0, max: ONE_CRORE_PAISE }), fc.integer({ min: 0, max: 1_000 })),
});

const stateCode = fc.constantFrom(...GST_STATES.map((state) => state.code));

/** A seller and a place of supply: half the time the same state, half the time any two. */
const parties = fc.oneof(
  stateCode.map((code) => ({ sellerStateCode: code, placeOfSupplyStateCode: code })),
  fc.tuple(stateCode, stateCode).map(([seller, place]) => ({ sellerStateCode: seller, placeOfSupplyStateCode: place })),
);

export const cartArbitrary: fc.Arbitrary<TaxInput> = fc
  .tuple(
    parties,
    fc.array(lineArbitrary, { minLength: 1, maxLength: 20 }),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_00_000_00 })),
  )
  .map(([who, lines, deliveryChargePaise]) => ({ ...who, lines, deliveryChargePaise }));
