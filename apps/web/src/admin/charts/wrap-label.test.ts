import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_WIDTH, wrapLabel } from './wrap-label';

describe('wrapLabel: axis labels wrap at 22 characters', () => {
  it('keeps a short title on one line', () => {
    expect(wrapLabel('Safety Gloves')).toEqual(['Safety Gloves']);
  });

  it('breaks between words into lines of at most 22 characters', () => {
    const lines = wrapLabel('Fire Extinguisher ABC Type 6 kg With Wall Bracket');
    expect(lines).toEqual(['Fire Extinguisher ABC', 'Type 6 kg With Wall', 'Bracket']);
    expect(AXIS_LABEL_WIDTH).toBe(22);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(22);
  });

  it('fills a line to exactly 22 characters', () => {
    // 'Diesel Dispenser Pumps' is 22 characters.
    expect(wrapLabel('Diesel Dispenser Pumps Pro')).toEqual(['Diesel Dispenser Pumps', 'Pro']);
  });

  it('cuts a single word longer than a line', () => {
    expect(wrapLabel('Supercalifragilisticexpialidocious tank')).toEqual([
      'Supercalifragilisticex',
      'pialidocious tank',
    ]);
  });

  it('collapses extra spaces and answers nothing for an empty title', () => {
    expect(wrapLabel('  Air   Machine  ')).toEqual(['Air Machine']);
    expect(wrapLabel('')).toEqual([]);
  });
});
