import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawProduct } from '../../shop/catalog/test-products';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { FavoritesPage } from './favorites-page';

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FavoritesPage states', () => {
  it('shows card skeletons, read out as loading favorites, while it loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    const skeleton = screen.getByRole('status');
    expect(skeleton).toHaveTextContent(MESSAGES.loadingFavorites);
    expect(within(skeleton).getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.noFavorites)).not.toBeInTheDocument();
  });

  it('says the favorites could not be loaded, with Try again, when the list fails, and never that there are none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    let fail = true;
    mockFetch({
      'GET /api/favorites/': () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: { ids: [nozzle._id] } },
      'GET /api/products': { body: [nozzle] },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.favoritesLoadFailed);
    expect(screen.queryByText(MESSAGES.noFavorites)).not.toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-card')).toHaveAttribute('aria-label', 'Fuel Nozzle');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the favorites could not be loaded when their products fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    mockFetch({
      'GET /api/favorites/': { body: { ids: [nozzle._id] } },
      'GET /api/products': { status: 500, body: { message: 'boom' } },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.favoritesLoadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noFavorites)).not.toBeInTheDocument();
  });

  it("says 'No favorites yet.' with Continue shopping when there are none", async () => {
    mockFetch({ 'GET /api/favorites/': { body: { ids: [] } } });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent(MESSAGES.noFavorites);
    expect(within(empty).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
