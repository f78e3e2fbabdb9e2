import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../shop/catalog/test-products';
import { buildProductFormData, newVariantRow, validateProductForm, valuesFromProduct } from './product-form';

describe('the product form and the MRP (docs/shop-rules.md#mrp)', () => {
  it('names a price above the MRP under the price, before anything is sent', () => {
    const values = { ...valuesFromProduct(), title: 'Vest', price: '1200', mrp: '1100' };
    expect(validateProductForm(values).price).toBe(
      'The price (₹1,200.00) is above the MRP (₹1,100.00): a product may not be sold above its MRP.',
    );
    expect(validateProductForm({ ...values, mrp: '1200' })).toEqual({});
    expect(validateProductForm({ ...values, mrp: '' })).toEqual({});
  });

  it("names a size's price above its MRP under that size's price", () => {
    const values = {
      ...valuesFromProduct(),
      title: 'Vest',
      variants: [{ ...newVariantRow(), size: 'L', price: '700', mrp: '650' }],
    };
    expect(validateProductForm(values)['variants.0.price']).toMatch(/The price of size L .* above the MRP/);
  });

  it("fills the product's and each size's MRP, and sends them (the product's only without sizes)", () => {
    const plain = valuesFromProduct(makeProduct({ price: 900, mrp: 1000 }));
    expect(plain.mrp).toBe('1000');
    expect(buildProductFormData(plain, []).get('mrp')).toBe('1000');

    const sized = valuesFromProduct(
      makeProduct({
        price: 450,
        mrp: 500,
        variants: [
          { _id: 'a', size: '5 L', price: 450, mrp: 500, stock: 3 },
          { _id: 'b', size: '1 L', price: 120, stock: 3 },
        ],
      }),
    );
    expect(sized.mrp).toBe('');
    expect(sized.variants.map((row) => row.mrp)).toEqual(['500', '']);
    const form = buildProductFormData(sized, []);
    expect(form.get('mrp')).toBe('');
    expect(form.get('variants[0][mrp]')).toBe('500');
    expect(form.get('variants[1][mrp]')).toBe('');
  });
});
