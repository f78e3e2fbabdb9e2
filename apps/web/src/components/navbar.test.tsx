import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../test/render';
import { Navbar } from './navbar';

afterEach(() => vi.unstubAllGlobals());

describe('Navbar (spec section 2)', () => {
  it('shows Login and the search box when logged out', async () => {
    mockFetch({ 'GET /api/products/categories/list': { body: ['Fire Safety'] } });
    renderWithStore(<Navbar />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search products...')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Fire Safety' })).toBeInTheDocument();
  });

  it('shows the stored name, and a menu that closes on Escape and outside clicks', async () => {
    loginAs('customer', 'Meera');
    mockFetch({ 'GET /api/products/categories/list': { body: [] } });
    renderWithStore(<Navbar />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Meera' }));
    const menu = screen.getByRole('menu');
    for (const item of ['Profile', 'My Orders', 'Cart', 'Favorites', 'Logout']) {
      expect(menu).toHaveTextContent(item);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Meera' }));
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it("falls back to 'User' without a stored name", () => {
    loginAs('customer', '');
    localStorage.removeItem('userName');
    mockFetch({ 'GET /api/products/categories/list': { body: [] } });
    renderWithStore(<Navbar />);
    expect(screen.getByRole('button', { name: 'User' })).toBeInTheDocument();
  });
});
