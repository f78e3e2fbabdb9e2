import { describe, expect, it } from 'vitest';
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';
import {
  findGstState,
  GST_STATES,
  gstStateByCode,
  placeOfSupplyOf,
  requireGstStateByCode,
  RETIRED_GST_STATES,
  stateNameKey,
} from './states';

describe('GST state codes', () => {
  it('lists every code in use, 01 to 38 without the retired 25 and 28, and 97', () => {
    const expected = [
      ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')).filter((c) => c !== '25' && c !== '28'),
      '97',
    ];
    expect(GST_STATES.map((s) => s.code)).toEqual(expected);
    expect(new Set(GST_STATES.map((s) => s.name)).size).toBe(GST_STATES.length);
    expect(RETIRED_GST_STATES.map((s) => [s.code, s.replacedBy])).toEqual([
      ['25', '26'],
      ['28', '37'],
    ]);
  });

  it.each([
    ['01', 'Jammu and Kashmir'],
    ['04', 'Chandigarh'],
    ['07', 'Delhi'],
    ['21', 'Odisha'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['27', 'Maharashtra'],
    ['29', 'Karnataka'],
    ['33', 'Tamil Nadu'],
    ['34', 'Puducherry'],
    ['36', 'Telangana'],
    ['37', 'Andhra Pradesh'],
    ['38', 'Ladakh'],
    ['97', 'Other Territory'],
  ])('code %s is %s', (code, name) => {
    expect(gstStateByCode(code)?.name).toBe(name);
  });

  it('levies UTGST only in the union territories without a legislature', () => {
    const utgst = GST_STATES.filter((s) => s.stateTax === 'UTGST').map((s) => s.name);
    expect(utgst).toEqual([
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Lakshadweep',
      'Andaman and Nicobar Islands',
      'Ladakh',
      'Other Territory',
    ]);
    for (const code of ['01', '07', '34']) {
      expect(gstStateByCode(code)).toMatchObject({ kind: 'ut-with-legislature', stateTax: 'SGST' });
    }
    expect(gstStateByCode('27')).toMatchObject({ kind: 'state', stateTax: 'SGST' });
  });

  it('refuses an unknown or retired code with a clear error', () => {
    expect(gstStateByCode('25')).toBeUndefined();
    expect(() => requireGstStateByCode('25')).toThrow(new GstInputError(GST_MESSAGES.retiredStateCode('25', '26')));
    expect(() => requireGstStateByCode('28')).toThrow(GST_MESSAGES.retiredStateCode('28', '37'));
    expect(() => requireGstStateByCode('39')).toThrow(GST_MESSAGES.unknownStateCode('39'));
    expect(() => requireGstStateByCode('7')).toThrow(GstInputError);
    expect(requireGstStateByCode('29').name).toBe('Karnataka');
  });
});

describe('finding the state of a delivery address', () => {
  it('finds every state by its own name, whatever the case and spacing', () => {
    for (const state of GST_STATES) {
      expect(findGstState(state.name)).toBe(state);
      expect(findGstState(`  ${state.name.toUpperCase()}  `)).toBe(state);
      expect(findGstState(state.name.toLowerCase().replace(/ /g, '   '))).toBe(state);
    }
  });

  it.each([
    ['Orissa', '21'],
    ['ORISSA', '21'],
    ['Pondicherry', '34'],
    ['Delhi', '07'],
    ['New Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['N.C.T. of Delhi', '07'],
    ['National Capital Territory of Delhi', '07'],
    ['Jammu & Kashmir', '01'],
    ['J&K', '01'],
    ['Tamilnadu', '33'],
    ['tamil-nadu', '33'],
    ['Uttaranchal', '05'],
    ['Chattisgarh', '22'],
    ['Telengana', '36'],
    ['Daman and Diu', '26'],
    ['Dadra & Nagar Haveli', '26'],
    ['Andaman & Nicobar', '35'],
    ['A & N Islands', '35'],
    ['State of Karnataka', '29'],
    ['Karnataka State', '29'],
    ['Chandigarh UT', '04'],
    ['Union Territory of Ladakh', '38'],
    ['MH', '27'],
    ['ka', '29'],
    ['TS', '36'],
    ['TG', '36'],
    ['OD', '21'],
    ['27', '27'],
    ['25', '26'],
    ['Andhra Pradesh', '37'],
  ])('"%s" is code %s', (text, code) => {
    expect(findGstState(text)?.code).toBe(code);
    expect(placeOfSupplyOf(text).code).toBe(code);
  });

  it('finds nothing for text that names no state, and says so', () => {
    for (const text of ['', '   ', 'Bengaluru', 'Nowhere', 'XX', '99', 'State of', 'Delhi Mumbai']) {
      expect(findGstState(text)).toBeUndefined();
    }
    expect(() => placeOfSupplyOf('  Atlantis ')).toThrow(new GstInputError(GST_MESSAGES.unknownStateName('Atlantis')));
  });

  it('compares names by a key without case, spaces or punctuation', () => {
    expect(stateNameKey(' Jammu &  Kashmir ')).toBe('jammuandkashmir');
    expect(stateNameKey('Tamil Nadu')).toBe(stateNameKey('TAMILNADU'));
  });
});
