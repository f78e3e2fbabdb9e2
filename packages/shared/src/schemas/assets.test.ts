import { describe, expect, it } from 'vitest';
import { assetName } from './assets';

const asset = {
  make: 'Ceasefire',
  model: 'Ceasefire ABC Powder Fire Extinguisher (2 kg)',
  complianceCategory: 'fire-extinguisher' as const,
  extinguisherType: 'dry-powder' as const,
  serialNumber: 'CF-1',
};

describe('assetName', () => {
  it('names a delivered unit by its title once, not its brand twice', () => {
    expect(assetName(asset)).toBe('Ceasefire ABC Powder Fire Extinguisher (2 kg) · Dry powder (ABC/BC) · serial CF-1');
  });

  it('joins make and model bought elsewhere, and falls back to the category', () => {
    expect(assetName({ ...asset, model: 'ABC 6 kg', extinguisherType: null }, { serial: false })).toBe(
      'Ceasefire ABC 6 kg',
    );
    expect(assetName({ ...asset, make: '', model: '', extinguisherType: null, serialNumber: null })).toBe(
      'Fire extinguishers',
    );
  });
});
