import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { cartLine } from '../../test/fixtures';
import { selectCartItems, selectFavoriteIds } from '../../store/selectors';
import { loginAs, mockFetch, renderWithStore, storeWith } from '../../test/render';
import { Navbar } from './navbar';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let fetchMock: ReturnType<typeof mockFetch>;
const serveCategories = (categories: string[] = []) => {
  fetchMock = mockFetch({ 'GET /api/products/categories/list': { body: categories } });
  return fetchMock;
};
/** 'METHOD /path' of every call made so far. */
const fetchCalls = () =>
  fetchMock.mock.calls.map(
    ([input, init]) =>
      `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`,
  );

/** A store whose cart holds `count` lines (as the storefront frame loads it). */
const withCart = (count: number, favorites?: string[]) => ({
  store: storeWith({ cart: Array.from({ length: count }, () => cartLine({})), favorites }),
});

function CategoryStub() {
  const { categoryName } = useParams();
  return <h1>Category {categoryName}</h1>;
}

describe('Navbar', () => {
  it('shows Login and the search box when logged out', async () => {
    serveCategories(['Fire Safety']);
    renderWithStore(<Navbar />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search products...')).toBeInTheDocument();
    const categories = screen.getByRole('button', { name: 'Categories' });
    await waitFor(() => expect(fetchCalls()).toContain('GET /api/products/categories/list'));
    await userEvent.setup().click(categories);
    expect(await screen.findByRole('link', { name: 'Fire Safety' })).toHaveAttribute('href', '/category/Fire%20Safety');
  });

  it("names the Cart link by its visible text: 'Cart (n)' above zero, else 'Cart'", () => {
    loginAs();
    serveCategories();
    const { unmount } = renderWithStore(<Navbar />, withCart(2));
    const link = screen.getByRole('link', { name: 'Cart (2)' });
    expect(link).toHaveTextContent(/^Cart \(2\)$/);
    expect(link).not.toHaveAttribute('aria-label');
    expect(link).toHaveAttribute('href', '/cart');
    unmount();

    renderWithStore(<Navbar />, withCart(0));
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveTextContent(/^Cart$/);
  });

  it('goes to /category/{name}, URL-encoded, when a category link of the Categories menu is chosen', async () => {
    serveCategories(['Fire & Safety', 'Air Machines']);
    const { router } = renderWithStore(<Navbar />, {
      extraRoutes: [{ path: '/category/:categoryName', element: <CategoryStub /> }],
    });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Categories' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(button).toHaveAttribute('aria-controls', list.parentElement!.id);
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fire & Safety', 'Air Machines']);
    await user.click(within(list).getByRole('link', { name: 'Fire & Safety' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/Fire%20%26%20Safety'));
    expect(await screen.findByRole('heading', { name: 'Category Fire & Safety' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('never navigates on the arrow keys (WCAG 3.2.2 On Input); Escape closes the menu and returns focus', async () => {
    serveCategories(['Fire & Safety', 'Air Machines']);
    const { router } = renderWithStore(<Navbar />, {
      route: '/about',
      extraRoutes: [{ path: '/category/:categoryName', element: <CategoryStub /> }],
    });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Categories' });
    await waitFor(() => expect(fetchCalls()).toContain('GET /api/products/categories/list'));
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(router.state.location.pathname).toBe('/about');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    const first = await screen.findByRole('link', { name: 'Fire & Safety' });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Air Machines' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Air Machines' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/about');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Categories' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.pathname).toBe('/about');

    // An outside click closes it too.
    await user.click(button);
    await screen.findByRole('list', { name: 'Categories' });
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Categories' })).not.toBeInTheDocument());
  });

  it('shows the stored name, and a menu that closes on Escape and outside clicks', async () => {
    loginAs('customer', 'Meera');
    serveCategories();
    renderWithStore(<Navbar />, withCart(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Meera' }));
    const menu = screen.getByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'My Orders', 'Business', 'Cart (3)', 'Quick order', 'Favorites', 'Logout']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Meera' }));
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it("falls back to 'User' without a stored name", () => {
    loginAs('customer', '');
    localStorage.removeItem('userName');
    serveCategories();
    renderWithStore(<Navbar />);
    expect(screen.getByRole('button', { name: 'User' })).toBeInTheDocument();
  });
});

describe('Navbar menu keyboard focus', () => {
  const openMenu = async () => {
    loginAs('customer', 'Meera');
    serveCategories();
    renderWithStore(<Navbar />);
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Meera' });
    trigger.focus();
    await user.keyboard('{Enter}');
    return { user, trigger, menu: screen.getByRole('menu') };
  };

  it('moves focus to the first item on opening, and Escape closes it and returns focus to the button', async () => {
    const { user, trigger, menu } = await openMenu();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    // A popup menu does not lock the page's scroll the way a modal dialog does.
    expect(document.body.style.overflow).toBe('');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves between items with the arrow keys, Home and End, wrapping around', async () => {
    const { user, menu } = await openMenu();
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    await user.keyboard('{ArrowDown}');
    expect(item('My Orders')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Logout')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Logout')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Profile')).toHaveFocus();
  });

  it('closes when Tab leaves it, and a click on the search box keeps focus there', async () => {
    const { user, trigger } = await openMenu();
    await user.keyboard('{End}');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    const search = screen.getByPlaceholderText('Search products...');
    await user.click(search);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(search).toHaveFocus();
  });
});

describe('Logout', () => {
  it('clears the stored session and favorites, goes to /login and reloads the page', async () => {
    loginAs('customer', 'Meera');
    localStorage.setItem(STORAGE_KEYS.userAddresses, '[]');
    localStorage.setItem(STORAGE_KEYS.favorites, '["p1"]');
    localStorage.setItem(STORAGE_KEYS.pendingOrder, '{}');
    serveCategories();
    // window.location.assign both changes the URL and reloads the page: stand in for it.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { store } = renderWithStore(<Navbar />, withCart(1, ['p1']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Meera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    for (const key of ['token', 'userName', 'userEmail', 'userRole', 'userPhone', 'userAddresses', 'favorites']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
    expect(store.getState().session.token).toBeNull();
    expect(selectFavoriteIds(store.getState())).toEqual([]);
    expect(selectCartItems(store.getState())).toEqual([]);
  });
});
