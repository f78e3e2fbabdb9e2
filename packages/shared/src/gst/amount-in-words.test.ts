import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianNumberInWords, rupeesInWords } from './amount-in-words';
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';

describe('rupeesInWords', () => {
  it.each([
    [
      1_23_45_678_90,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    ],
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1, 'Rupees Zero and One Paise Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [10_00, 'Rupees Ten Only'],
    [21_00, 'Rupees Twenty-One Only'],
    [99_99, 'Rupees Ninety-Nine and Ninety-Nine Paise Only'],
    [100_00, 'Rupees One Hundred Only'],
    [101_00, 'Rupees One Hundred One Only'],
    [110_00, 'Rupees One Hundred Ten Only'],
    [1_000_00, 'Rupees One Thousand Only'],
    [1_001_05, 'Rupees One Thousand One and Five Paise Only'],
    [1_180_00, 'Rupees One Thousand One Hundred Eighty Only'],
    [99_999_00, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [10_00_000_00, 'Rupees Ten Lakh Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_001_00, 'Rupees One Crore One Only'],
    [99_99_99_999_00, 'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [100_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [
      123_45_67_890_12,
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise Only',
    ],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
  ])('%i paise is "%s"', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it('refuses a negative, fractional or unsafe amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(new GstInputError(GST_MESSAGES.amountInWordsInvalid(-1)));
    expect(() => rupeesInWords(1.5)).toThrow(GstInputError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(GstInputError);
    expect(() => rupeesInWords(2 ** 53)).toThrow(GstInputError);
  });

  it('writes every amount as words only, hyphenating 21-99 and never "and Zero Paise"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        const words = rupeesInWords(paise);
        expect(words).toMatch(
          /^Rupees [A-Z][a-z]+(?:[ -][A-Z][a-z]+)*(?: and [A-Z][a-z]+(?:-[A-Z][a-z]+)? Paise)? Only$/,
        );
        expect(words).not.toMatch(/Zero Paise| {2}|\d/);
        expect(words.includes(' Paise ')).toBe(paise % 100 !== 0);
        expect(words).not.toMatch(
          /(Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety) (One|Two|Three|Four|Five|Six|Seven|Eight|Nine)\b/,
        );
      }),
    );
  });

  it('reads back to the same number', () => {
    const values: Record<string, number> = {};
    [
      'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen',
      'Seventeen Eighteen Nineteen',
    ]
      .join(' ')
      .split(' ')
      .forEach((word, i) => (values[word] = i));
    ['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].forEach(
      (word, i) => (values[word] = (i + 2) * 10),
    );
    const scales: Record<string, number> = { Hundred: 100, Thousand: 1_000, Lakh: 1_00_000, Crore: 1_00_00_000 };
    /** Parses Indian words back: a scale multiplies what came since the last larger scale. */
    function parse(words: string): number {
      let total = 0;
      let current = 0;
      for (const word of words.split(/[ -]/)) {
        if (word in values) current += values[word];
        else if (word === 'Hundred') current *= 100;
        else {
          const scale = scales[word];
          // what is already in `total` below this scale belongs to the multiplier ("One Lakh Crore")
          const below = total % scale;
          total = total - below + (below + current) * scale;
          current = 0;
        }
      }
      return total + current;
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_000_000_000_000 }), (rupees) => {
        expect(parse(indianNumberInWords(rupees))).toBe(rupees);
      }),
    );
  });
});
