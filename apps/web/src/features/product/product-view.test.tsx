/**
 * The product view as a route: opened from a page it is a modal over that page (which stays
 * mounted) and closing it is Back; reached directly it is a page of its own on a phone and the
 * modal over the product's category on a desktop; an unknown product says "Product not found.".
 * jsdom has no matchMedia, so the width is set through window.innerWidth (use-media-query.ts).
 */
import { SERVER_MESSAGES, type Product } from '@pumpkart/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../shop/catalog/product-card';
import { makeProduct, rawProduct } from '../../shop/catalog/test-products';
import { createStore } from '../../store';
import { mockFetch } from '../../test/render';
import { ProductRoute } from './product-route';
import { StorefrontRoutes } from './storefront-routes';

let mounts = 0;

/** A page that counts its mounts: the page behind the modal must not be mounted again. */
function HomeStub({ product }: { product: Product }) {
  useState(() => (mounts += 1));
  return (
    <div>
      <h1>Home page</h1>
      <ProductCard product={product} />
    </div>
  );
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function renderShop(product: Product, initial: string) {
  const storefront: RouteObject[] = [
    { path: '/', element: <HomeStub product={product} /> },
    { path: '/category/:categoryName', element: <h1>Category page</h1> },
    { path: '/product/:productId', element: <ProductRoute /> },
    { path: '/login', element: <h1>Login page</h1> },
  ];
  const router = createMemoryRouter([{ path: '*', element: <StorefrontRoutes routes={storefront} /> }], {
    initialEntries: [initial],
  });
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const width = window.innerWidth;
beforeEach(() => {
  mounts = 0;
});
afterEach(() => {
  setWidth(width);
  vi.unstubAllGlobals();
});

describe('the product route', () => {
  it('opens a card as a modal over the page, which stays mounted; closing it goes back', async () => {
    setWidth(1280);
    const raw = rawProduct({ title: 'Diesel Flow Meter', category: 'Testing Gear' });
    const product = makeProduct(raw);
    const fetch = mockFetch({ [`GET /api/products/${product._id}`]: { body: raw } });
    const router = renderShop(product, '/');

    await userEvent.click(screen.getByRole('link', { name: 'Diesel Flow Meter' }));
    expect(router.state.location.pathname).toBe(`/product/${product._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Diesel Flow Meter' });
    // The page it was opened from is still there, behind the modal, and was not mounted again.
    expect(screen.getByRole('heading', { name: 'Home page', hidden: true })).toBeInTheDocument();
    expect(mounts).toBe(1);
    const trail = within(dialog).getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByRole('link', { name: 'Testing Gear' })).toHaveAttribute(
      'href',
      '/category/Testing%20Gear',
    );
    expect(within(trail).getByText('Diesel Flow Meter')).toHaveAttribute('aria-current', 'page');
    // The document is the product's while it is open (docs/shop-rules.md#seo); an effect sets it after the dialog shows.
    await waitFor(() => expect(document.title).toBe('Diesel Flow Meter | PumpKart'));
    // The card's product showed at once; the server's copy is asked for too.
    await waitFor(() => expect(fetch).toHaveBeenCalled());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('POP');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mounts).toBe(1);
    await waitFor(() => expect(document.title).toBe('PumpKart'));
  });

  it('is Back: going back closes the modal', async () => {
    setWidth(1280);
    const raw = rawProduct({ title: 'Nozzle' });
    const product = makeProduct(raw);
    mockFetch({ [`GET /api/products/${product._id}`]: { body: raw } });
    const router = renderShop(product, '/');
    await userEvent.click(screen.getByRole('link', { name: 'Nozzle' }));
    await screen.findByRole('dialog', { name: 'Nozzle' });
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('loaded directly on a phone, shows the product as a page of its own', async () => {
    setWidth(360);
    const raw = rawProduct({ title: 'Air Machine', category: 'Air Machines' });
    mockFetch({ [`GET /api/products/${raw._id}`]: { body: raw } });
    const router = renderShop(makeProduct(raw), `/product/${raw._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Air Machine' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home›Air Machines›Air Machine');
    expect(screen.getByRole('button', { name: 'Login to Buy' })).toBeInTheDocument();
    // With no page before it, Back goes to the product's category.
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(router.state.location.pathname).toBe('/category/Air%20Machines');
  });

  it('loaded directly on a desktop, opens over its category page; closing replaces the URL with that page', async () => {
    setWidth(1280);
    const raw = rawProduct({ title: 'Flow Meter', category: 'Testing Gear' });
    mockFetch({ [`GET /api/products/${raw._id}`]: { body: raw } });
    const router = renderShop(makeProduct(raw), `/product/${raw._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Flow Meter' });
    expect(router.state.location.pathname).toBe(`/product/${raw._id}`);
    expect(screen.getByRole('heading', { name: 'Category page', hidden: true })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/Testing%20Gear'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("says 'Product not found.' with a link home for an unknown or inactive product", async () => {
    setWidth(1280);
    mockFetch({ 'GET /api/products/gone': { status: 404, body: { message: SERVER_MESSAGES.productNotFound } } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderShop(makeProduct(), '/product/gone');
    expect(await screen.findByText(SERVER_MESSAGES.productNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("a visitor's 'Login to Buy' opens login with the way back to the product", async () => {
    setWidth(1280);
    const raw = rawProduct({ title: 'Hose' });
    const product = makeProduct(raw);
    mockFetch({ [`GET /api/products/${product._id}`]: { body: raw } });
    const router = renderShop(product, '/');
    await userEvent.click(screen.getByRole('link', { name: 'Hose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hose' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login to Buy' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(router.state.location.state).toMatchObject({
      from: `/product/${product._id}`,
      background: { pathname: '/' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
