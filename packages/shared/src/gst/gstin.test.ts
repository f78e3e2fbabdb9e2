import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, validateGstin } from './gstin';
import { GST_MESSAGES } from './messages';
import { GST_STATES } from './states';

/** GSTINs published by the GST portal's guides and by the holders themselves. */
const PUBLISHED = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAACR5055K1Z7', '24AAACC1206D1ZM', '09AAACH7409R1ZZ'];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const digits = fc.constantFrom(...'0123456789'.split(''));
/** A well-formed first 14 characters: a state code in use, a PAN, a registration count and 'Z'. */
const first14 = fc
  .tuple(
    fc.constantFrom(...GST_STATES.map((s) => s.code)),
    fc.array(letters, { minLength: 5, maxLength: 5 }),
    fc.array(digits, { minLength: 4, maxLength: 4 }),
    letters,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')),
  )
  .map(([code, five, four, last, entity]) => `${code}${five.join('')}${four.join('')}${last}${entity}Z`);

describe('gstinCheckCharacter', () => {
  it('gives the check character of published GSTINs', () => {
    for (const gstin of PUBLISHED) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it('reads lower case as upper case and refuses anything but 14 characters of 0-9, A-Z', () => {
    expect(gstinCheckCharacter('27aapfu0939f1z')).toBe('V');
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(GST_MESSAGES.gstinFirst14);
    expect(() => gstinCheckCharacter('27AAPFU0939F1-')).toThrow(GST_MESSAGES.gstinFirst14);
  });
});

describe('validateGstin', () => {
  it('accepts published GSTINs and returns the state code and PAN', () => {
    expect(validateGstin('27AAPFU0939F1ZV')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
    });
    expect(validateGstin('29AAGCB7383J1Z4')).toEqual({
      ok: true,
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
      pan: 'AAGCB7383J',
    });
    for (const gstin of PUBLISHED) expect(validateGstin(gstin).ok).toBe(true);
  });

  it('trims and upper-cases what was typed', () => {
    expect(validateGstin('  27aapfu0939f1zv \n')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
  });

  it('says how long a GSTIN is', () => {
    expect(validateGstin('')).toEqual({ ok: false, reason: GST_MESSAGES.gstinRequired });
    expect(validateGstin('27AAPFU0939F1Z')).toEqual({
      ok: false,
      reason: 'A GSTIN has 15 characters; this one has 14.',
    });
    expect(validateGstin('27AAPFU0939F1ZVV')).toEqual({
      ok: false,
      reason: 'A GSTIN has 15 characters; this one has 16.',
    });
    expect(validateGstin('27 AAPFU0939F1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinLength(16) });
  });

  it('refuses an unknown state code, and points from a retired one to its successor', () => {
    expect(validateGstin('72AAPFU0939F1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinStateCode('72') });
    expect(validateGstin('00AAPFU0939F1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinStateCode('00') });
    expect(validateGstin('AAAAPFU0939F1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinStateCode('AA') });
    expect(validateGstin('25AAPFU0939F1ZV')).toEqual({
      ok: false,
      reason: GST_MESSAGES.gstinRetiredStateCode(
        '25',
        'Daman and Diu',
        '26',
        'Dadra and Nagar Haveli and Daman and Diu',
      ),
    });
    expect(validateGstin('28AAPFU0939F1ZV')).toMatchObject({ ok: false, reason: expect.stringContaining('37') });
  });

  it('refuses characters 3-12 that are not a PAN', () => {
    expect(validateGstin('27AAPF10939F1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinPan('AAPF10939F') });
    expect(validateGstin('27AAPFU093AF1ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinPan('AAPFU093AF') });
    expect(validateGstin('27AAPFU093991ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinPan('AAPFU09399') });
  });

  it('refuses a 13th character that is not 1-9 or A-Z', () => {
    expect(validateGstin('27AAPFU0939F0ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinEntityNumber('0') });
    expect(validateGstin('27AAPFU0939F-ZV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinEntityNumber('-') });
  });

  it('refuses a 14th character other than Z', () => {
    expect(validateGstin('27AAPFU0939F1YV')).toEqual({ ok: false, reason: GST_MESSAGES.gstinFourteenth('Y') });
  });

  it('refuses a wrong check character and names the right one', () => {
    expect(validateGstin('27AAPFU0939F1ZW')).toEqual({
      ok: false,
      reason: 'The last character of this GSTIN should be "V", not "W"; check it for a typing mistake.',
    });
    // A sample that circulates with a wrong check character: its first 14 characters give 'L'.
    expect(validateGstin('33AABCT1332L1ZZ')).toEqual({ ok: false, reason: GST_MESSAGES.gstinCheckCharacter('L', 'Z') });
    expect(validateGstin('33AABCT1332L1ZL').ok).toBe(true);
  });

  it('accepts every well-formed GSTIN with its computed check character, and no other last character', () => {
    fc.assert(
      fc.property(first14, fc.constantFrom(...ALPHABET.split('')), (start, last) => {
        const check = gstinCheckCharacter(start);
        const result = validateGstin(start + last);
        expect(result.ok).toBe(last === check);
        if (result.ok)
          expect(result).toEqual({
            ok: true,
            gstin: start + last,
            stateCode: start.slice(0, 2),
            pan: start.slice(2, 12),
          });
      }),
    );
  });

  it('catches any single mistyped character and any swap of neighbours but the one blind spot, 0 and Z', () => {
    fc.assert(
      fc.property(first14, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 35 }), (start, at, shift) => {
        const gstin = start + gstinCheckCharacter(start);
        const typo = ALPHABET[(ALPHABET.indexOf(gstin[at]) + shift) % 36];
        expect(validateGstin(gstin.slice(0, at) + typo + gstin.slice(at + 1)).ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(first14, fc.integer({ min: 0, max: 13 }), (start, at) => {
        const gstin = start + gstinCheckCharacter(start);
        const pair = [gstin[at], gstin[at + 1]].sort().join('');
        fc.pre(gstin[at] !== gstin[at + 1] && pair !== '0Z');
        const swapped = gstin.slice(0, at) + gstin[at + 1] + gstin[at] + gstin.slice(at + 2);
        expect(validateGstin(swapped).ok).toBe(false);
      }),
    );
    // Luhn mod 36 cannot see 0 and Z trade places: 0·1 + (Z·2 → 1 + 34) equals Z·1 + 0·2.
    expect(gstinCheckCharacter('27AAPFU0Z39F1Z')).toBe(gstinCheckCharacter('27AAPFUZ039F1Z'));
  });
});
