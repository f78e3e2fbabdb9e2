import { formatPrice, MESSAGES } from '@pumpkart/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogApi } from './catalog-api';
import { selectFavoriteIds } from '../../store/selectors';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { ProductCard } from './product-card';
import { makeProduct } from './test-products';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProductCard', () => {
  it('shows the title, brand, first image, price and availability, and links to the product over this page', async () => {
    const product = makeProduct({
      title: 'Air Machine AM-200',
      brand: 'Elgi',
      price: 125000,
      images: [{ url: '/uploads/a.webp' }, { url: '/uploads/b.webp' }],
    });
    const { router, store } = renderWithStore(<ProductCard product={product} />, {
      route: '/?from=test',
      path: '/',
      extraRoutes: [{ path: '/product/:productId', element: <h1>Product view</h1> }],
    });
    expect(screen.getByRole('heading', { name: 'Air Machine AM-200' })).toBeInTheDocument();
    expect(screen.getByText('Elgi')).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000/-')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Air Machine AM-200' });
    expect(image).toHaveAttribute('src', '/uploads/a.webp');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
    const link = screen.getByRole('link', { name: 'Air Machine AM-200' });
    expect(link).toHaveAttribute('href', `/product/${product._id}`);
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe(`/product/${product._id}`);
    // The page it was opened from becomes the background of the product view.
    expect(router.state.location.state).toMatchObject({ background: { pathname: '/', search: '?from=test' } });
    // The view opens with the card's product already known.
    expect(catalogApi.endpoints.getProduct.select(product._id)(store.getState()).data).toEqual(product);
  });

  it("says 'No Image' when the product has no picture, and loads the first row eagerly", () => {
    renderWithStore(<ProductCard product={makeProduct()} />);
    expect(screen.getByText('No Image')).toBeInTheDocument();
    const { unmount } = renderWithStore(<ProductCard product={makeProduct({ images: ['/uploads/x.webp'] })} eager />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    unmount();
  });

  it("shows the cheapest variant's price when there are variants", () => {
    const product = makeProduct({
      price: 900,
      variants: [
        { _id: 'v1', size: 'L', price: 1499, stock: 3 },
        { _id: 'v2', size: 'S', price: 799.5, stock: 2 },
        { _id: 'v3', size: 'M', price: 1200, stock: 0 },
      ],
    });
    renderWithStore(<ProductCard product={product} />);
    expect(screen.getByText(formatPrice(799.5))).toBeInTheDocument();
    expect(screen.queryByText(formatPrice(900))).not.toBeInTheDocument();
  });

  it("cuts the description to 100 characters followed by '...'", () => {
    const description = 'x'.repeat(100) + 'TAIL';
    renderWithStore(<ProductCard product={makeProduct({ description })} />);
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/TAIL/)).not.toBeInTheDocument();
  });

  it('keeps a description of 100 characters or fewer whole', () => {
    const description = 'y'.repeat(100);
    renderWithStore(<ProductCard product={makeProduct({ description })} />);
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it("greys out a product without stock (its picture, not its texts), shows 'Unavailable' and does not open", async () => {
    const product = makeProduct({ title: 'Sold Out Hose', stock: 0, images: ['/uploads/hose.webp'] });
    const { router } = renderWithStore(<ProductCard product={product} />);
    const card = screen.getByRole('article', { name: 'Sold Out Hose' });
    expect(screen.getByRole('img', { name: 'Sold Out Hose' })).toHaveClass('grayscale');
    // The texts keep their contrast: no opacity on the card itself.
    expect(card).not.toHaveClass('opacity-60');
    expect(card.className).not.toMatch(/opacity/);
    expect(card).toHaveTextContent('Unavailable');
    expect(card).toHaveTextContent('Out of Stock');
    expect(screen.queryByRole('link', { name: 'Sold Out Hose' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Sold Out Hose'));
    fireEvent.click(card);
    expect(router.state.location.pathname).toBe('/');
  });

  it("tells a logged-out visitor 'Please login to add favorites.' for 2 seconds", async () => {
    vi.useFakeTimers();
    const fetch = mockFetch({});
    renderWithStore(<ProductCard product={makeProduct({ title: 'Ear Muffs' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Ear Muffs to favorites' }));
    expect(screen.getByText(MESSAGES.loginToFavorite)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText(MESSAGES.loginToFavorite)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.queryByText(MESSAGES.loginToFavorite)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("toggles the favorite for a logged-in user with the server's list", async () => {
    loginAs();
    const product = makeProduct({ title: 'Safety Helmet' });
    const fetch = mockFetch({
      [`POST /api/favorites/${product._id}/toggle`]: { body: { ids: [product._id] } },
    });
    const { store } = renderWithStore(<ProductCard product={product} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Safety Helmet to favorites' }));
    await waitFor(() => expect(selectFavoriteIds(store.getState())).toEqual([product._id]));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove Safety Helmet from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText(MESSAGES.loginToFavorite)).not.toBeInTheDocument();
  });
});
