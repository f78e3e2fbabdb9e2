import { describe, expect, it } from 'vitest';
import { categoryPageHead, META_DESCRIPTION_LENGTH, oneLineText, productPageHead } from './page-head';

describe('page heads (docs/shop-rules.md#seo)', () => {
  it("a product's: its title, then its price, availability and description on one line", () => {
    expect(
      productPageHead({ title: 'Brass Nozzle', price: 1850, stock: 3, description: 'Auto shut-off.\n\nFor diesel.' }),
    ).toEqual({ title: 'Brass Nozzle | PumpKart', description: '₹1,850/- · In Stock · Auto shut-off. For diesel.' });
    expect(productPageHead({ title: 'Gauge', price: 410.4, stock: 0, description: '  ' })).toEqual({
      title: 'Gauge | PumpKart',
      description: '₹410.40/- · Out of Stock',
    });
  });

  it('cuts a long description to the length search engines show, ending in an ellipsis', () => {
    const description = productPageHead({
      title: 'Hose',
      price: 500,
      stock: 1,
      description: 'word '.repeat(100),
    }).description;
    expect(description).toHaveLength(META_DESCRIPTION_LENGTH);
    expect(description.endsWith('word…')).toBe(true);
    expect(oneLineText('short', 10)).toBe('short');
    expect(oneLineText('0123456789ab', 10)).toBe('012345678…');
  });

  it("a category's: its name in the title and the description", () => {
    expect(categoryPageHead('Fuel Nozzles')).toEqual({
      title: 'Fuel Nozzles | PumpKart',
      description:
        'Buy Fuel Nozzles online at PumpKart: petrol pump equipment and pet supplies, delivered across India.',
    });
  });
});
