/**
 * The struck-through price on the product card and the product view (docs/shop-rules.md#mrp): the MRP with the
 * discount off it when it is above the price, price x 1.1 without an MRP while the store setting keeps it, and
 * nothing otherwise.
 */
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopApi } from '../../api/shop-api';
import { mockFetch, renderWithStore } from '../../test/render';
import { storeSettingsDto } from '../../test/store-settings';
import { ProductCard } from './product-card';
import { ProductModal } from './product-modal';
import { makeProduct } from './test-products';

afterEach(() => vi.unstubAllGlobals());

/** The store settings as GET /api/settings/store answers them (404: none entered yet). */
const withSettings = (computedOriginalPrice: boolean | null) =>
  mockFetch({
    'GET /api/settings/store':
      computedOriginalPrice === null
        ? { status: 404, body: { message: 'none' } }
        : { body: storeSettingsDto({ computedOriginalPrice }) },
  });

const struck = () => document.querySelectorAll('s');

/** Renders `ui` with the store settings loaded, as the page's footer loads them. */
async function render(ui: ReactElement) {
  const view = renderWithStore(ui);
  await view.store.dispatch(shopApi.endpoints.getStoreSettings.initiate());
  return view;
}

describe('the struck-through price', () => {
  it('is the MRP on the card, with the discount off it, when the MRP is above the price', async () => {
    withSettings(true);
    await render(<ProductCard product={makeProduct({ title: 'Vest', price: 900, mrp: 1100 })} />);
    const mrp = screen.getByTestId('mrp');
    // (1100 - 900) / 1100 = 18.2 %: rounded down, never overstated.
    expect(mrp.querySelector('s')).toHaveTextContent('MRP ₹1,100/-');
    expect(mrp).toHaveTextContent('18% off');
  });

  it("is the cheapest size's MRP on the card of a product with sizes", async () => {
    withSettings(true);
    const product = makeProduct({
      title: 'Cans',
      price: 450,
      mrp: 500,
      variants: [
        { _id: 'a', size: '20 L', price: 1500, mrp: 1800, stock: 2 },
        { _id: 'b', size: '5 L', price: 450, mrp: 500, stock: 3 },
      ],
    });
    await render(<ProductCard product={product} />);
    expect(screen.getByTestId('mrp')).toHaveTextContent('₹500/-');
    expect(screen.getByTestId('mrp')).toHaveTextContent('10% off');
  });

  it('is nothing when the MRP equals the price, whatever the setting', async () => {
    withSettings(true);
    await render(<ProductCard product={makeProduct({ title: 'Vest', price: 900, mrp: 900 })} />);
    expect(struck()).toHaveLength(0);
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });

  it("is the spec's price x 1.1 without an MRP while the setting is on, or no settings were entered", async () => {
    withSettings(null);
    await render(<ProductCard product={makeProduct({ title: 'Vest', price: 999 })} />);
    // 999 x 1.1 = 1098.9, rounded up; no discount is claimed off it.
    expect(screen.getByText('₹1,099/-').closest('s')).toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });

  it('is nothing without an MRP once the owner turned the setting off, on the card and in the product view', async () => {
    withSettings(false);
    await render(
      <>
        <ProductCard product={makeProduct({ title: 'Vest', price: 999 })} />
        <ProductModal product={makeProduct({ title: 'Boots', price: 999 })} onClose={() => {}} />
      </>,
    );
    await waitFor(() => expect(struck()).toHaveLength(0));
    expect(screen.queryByText('₹1,099/-')).not.toBeInTheDocument();
  });

  it("is the chosen size's MRP in the product view", async () => {
    withSettings(false);
    const product = makeProduct({
      title: 'Jacket',
      price: 1200,
      variants: [
        { _id: 'm', size: 'M', price: 1200, mrp: 1500, stock: 2 },
        { _id: 'l', size: 'L', price: 1300, stock: 2 },
      ],
    });
    await render(<ProductModal product={product} onClose={() => {}} />);
    expect(screen.getByTestId('mrp')).toHaveTextContent('₹1,500/-');
    expect(screen.getByTestId('mrp')).toHaveTextContent('20% off');
  });
});
