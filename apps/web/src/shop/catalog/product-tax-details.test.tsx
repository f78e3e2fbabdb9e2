import { MESSAGES } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render';
import { ProductModal } from './product-modal';
import { ProductPage } from '../../features/product/product-page';
import { productDetailRows } from './product-tax-details';
import { makeProduct } from './test-products';

const TAX = {
  hsnCode: '84131100',
  gstRate: 18,
  countryOfOrigin: 'India',
  manufacturer: 'Tokheim India Pvt Ltd, Plot 5, MIDC Chakan, Pune 410501',
  bisLicence: null,
  pesoApproval: 'P/HQ/MH/15/1234',
  legalMetrologyApproval: 'IND/09/2019/123',
};

const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('Product details and the tax-inclusive note', () => {
  it("says 'Inclusive of all taxes' under the price and lists the product's details that are present", () => {
    renderWithStore(<ProductModal product={makeProduct({ title: 'Fuel Dispenser', ...TAX })} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Fuel Dispenser' });
    expect(within(dialog).getByTestId('tax-inclusive-note')).toHaveTextContent(MESSAGES.inclusiveOfTaxes);
    const section = within(dialog).getByRole('region', { name: MESSAGES.productDetails });
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(MESSAGES.productDetails);
    expect(rowsOf(within(section).getByTestId('product-details'))).toEqual([
      ['HSN code', '84131100'],
      ['Country of origin', 'India'],
      ['Manufacturer', TAX.manufacturer],
      ['PESO approval', 'P/HQ/MH/15/1234'],
      ['Legal Metrology approval', 'IND/09/2019/123'],
    ]);
    // No BIS licence: no row for it.
    expect(section).not.toHaveTextContent('BIS licence');
  });

  it('shows no Product details while the tax data is not loaded (a card opens the view first)', () => {
    renderWithStore(<ProductModal product={makeProduct({ title: 'Nozzle' })} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Nozzle' });
    expect(within(dialog).getByText(MESSAGES.inclusiveOfTaxes)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: MESSAGES.productDetails })).not.toBeInTheDocument();
  });

  it("on the phone's product page, the list's heading sits under the page's title", () => {
    renderWithStore(<ProductPage product={makeProduct({ title: 'Air Machine', ...TAX, bisLicence: 'CM/L-7' })} />);
    const section = screen.getByRole('region', { name: MESSAGES.productDetails });
    expect(within(section).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(section).toHaveTextContent('BIS licenceCM/L-7');
  });

  it('keeps only the rows with a value, in order', () => {
    expect(productDetailRows({ hsnCode: ' ', countryOfOrigin: 'Japan', manufacturer: null })).toEqual([
      ['Country of origin', 'Japan'],
    ]);
  });
});
