import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { rawProduct } from '../../shop/catalog/test-products';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { FavoritesPage } from './favorites-page';

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FavoritesPage', () => {
  it("says 'Loading favorites...' while loading, then shows the favorite products as cards", async () => {
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    const gloves = rawProduct({ title: 'Safety Gloves' });
    const fetchMock = mockFetch({
      'GET /api/favorites/': { body: { ids: [nozzle._id, gloves._id] } },
      'GET /api/products': { body: [gloves, nozzle] },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    expect(screen.getByText(MESSAGES.loadingFavorites)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Fuel Nozzle', 'Safety Gloves']);
    expect(screen.queryByText(MESSAGES.loadingFavorites)).not.toBeInTheDocument();
    const list = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .find((u) => u.pathname === '/api/products')!;
    expect(list.searchParams.get('ids')).toBe(`${nozzle._id},${gloves._id}`);
  });

  it("says 'No favorites yet.' when there are none, without asking for products", async () => {
    const fetchMock = mockFetch({ 'GET /api/favorites/': { body: { ids: [] } } });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    expect(await screen.findByText(MESSAGES.noFavorites)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/products'))).toBe(false);
  });

  it('links a card to its product view', async () => {
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    mockFetch({
      'GET /api/favorites/': { body: { ids: [nozzle._id] } },
      'GET /api/products': { body: [nozzle] },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('link', { name: 'Fuel Nozzle' })).toHaveAttribute('href', `/product/${nozzle._id}`);
  });

  it('drops a product from the grid when it is un-hearted', async () => {
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    const gloves = rawProduct({ title: 'Safety Gloves' });
    const fetchMock = mockFetch({
      'GET /api/favorites/': { body: { ids: [nozzle._id, gloves._id] } },
      'GET /api/products': { body: [nozzle, gloves] },
      [`POST /api/favorites/${nozzle._id}/toggle`]: { body: { ids: [gloves._id] } },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    const card = (await screen.findAllByTestId('product-card'))[0]!;
    const heart = within(card)
      .getAllByRole('button')
      .find((button) => button.hasAttribute('aria-pressed'))!;
    await userEvent.click(heart);
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(screen.getByTestId('product-card')).toHaveAttribute('aria-label', 'Safety Gloves');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/products'))).toHaveLength(1);
  });

  it('only logs a failed product fetch and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const nozzle = rawProduct({ title: 'Fuel Nozzle' });
    mockFetch({
      'GET /api/favorites/': { body: { ids: [nozzle._id] } },
      'GET /api/products': { status: 500, body: { message: 'boom' } },
    });
    renderWithStore(<FavoritesPage />, { route: '/favorites' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText(MESSAGES.noFavorites)).not.toBeInTheDocument();
  });
});
