/**
 * The top navigation bar: logo, the shared search box with its suggestions (shop/layout/search-box.tsx), the
 * Categories menu of links
 * (shop/layout/category-menu.tsx: it never navigates on the arrow keys, WCAG 3.2.2), the Cart
 * button with its count, and Login or the user menu (Profile, My Orders, Cart, Favorites, Logout),
 * which closes on an outside click or Escape. Opening the menu moves focus to its first item; the
 * arrow keys, Home and End move between items; Escape hands focus back to the menu's button.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { useGetCategoriesQuery } from '../catalog/catalog-api';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector, useIsLoggedIn } from '../../store/hooks';
import { searchChanged } from '../../store/filters-slice';
import { selectCartItems } from '../../store/selectors';
import { loggedOut } from '../../store/session-slice';
import { CategoryMenu } from './category-menu';
import { Logo } from './logo';
import { SearchBox } from './search-box';
import { useDialogFocus } from '../../ui/use-dialog-focus';

/** Logout (the one logout: the session listener clears the stored session), then /login with a page reload. */
function logoutAndReload(dispatch: ReturnType<typeof useAppDispatch>) {
  dispatch(loggedOut());
  window.location.assign(paths.login);
}

const NO_CATEGORIES: string[] = [];

export function Navbar() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const name = useAppSelector((state) => state.session.name);
  const search = useAppSelector((state) => state.filters.search);
  const cartCount = useAppSelector((state) => selectCartItems(state).length);
  const { data: categories = NO_CATEGORIES } = useGetCategoriesQuery();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDialogFocus(menuOpen, panelRef, closeMenu, { modal: false, returnFocusTo: triggerRef });

  useEffect(() => {
    if (!menuOpen) return;
    const onClick = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, [menuOpen]);

  /** Arrow keys, Home and End move between the menu's items (WAI-ARIA menu pattern). */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[next]?.focus();
  };

  // A category page searches its own products (features/category/category-page.tsx): so do the suggestions.
  const categoryPage = matchPath(paths.category, location.pathname)?.params.categoryName;
  const onSearch = (value: string) => {
    dispatch(searchChanged(value));
    const onCatalogPage = location.pathname === paths.home || location.pathname.startsWith('/category/');
    if (!onCatalogPage) void navigate(paths.home);
  };

  const cartLabel = cartCount > 0 ? `Cart (${cartCount})` : 'Cart';
  const menuItem =
    'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2';

  return (
    <header className="sticky top-0 z-40 bg-brand-800 text-white shadow">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-6"
      >
        <Link to={paths.home} className="shrink-0 text-lg sm:text-xl" aria-label="PumpKart home">
          <Logo />
        </Link>

        <div className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1">
          <SearchBox value={search} category={categoryPage} onChange={onSearch} onSubmit={() => onSearch(search)} />
          <CategoryMenu categories={categories} />
        </div>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link
            to={paths.cart}
            className="whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium hover:bg-brand-700 sm:px-3"
          >
            {cartLabel}
          </Link>
          {loggedIn ? (
            <div
              className="relative"
              ref={menuRef}
              onBlur={(event) => {
                // Tab out of the menu closes it.
                if (menuOpen && !menuRef.current?.contains(event.relatedTarget as Node | null)) closeMenu();
              }}
            >
              <button
                ref={triggerRef}
                type="button"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                aria-controls={menuOpen ? menuId : undefined}
                onClick={() => setMenuOpen((open) => !open)}
                className="max-w-[7rem] truncate rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium hover:bg-brand-600 sm:max-w-[9rem]"
              >
                {name || 'User'}
              </button>
              {menuOpen && (
                <div
                  ref={panelRef}
                  id={menuId}
                  role="menu"
                  aria-label={name || 'User'}
                  // Focusable by a click only, so that a click on the menu's padding does not close it.
                  tabIndex={-1}
                  onKeyDown={onMenuKeyDown}
                  className="absolute right-0 mt-2 w-48 overflow-hidden rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-black/5 focus:outline-none"
                >
                  <Link role="menuitem" to={paths.profile} className={menuItem} onClick={() => setMenuOpen(false)}>
                    Profile
                  </Link>
                  <Link role="menuitem" to={paths.orders} className={menuItem} onClick={() => setMenuOpen(false)}>
                    My Orders
                  </Link>
                  <Link role="menuitem" to={paths.business} className={menuItem} onClick={() => setMenuOpen(false)}>
                    Business
                  </Link>
                  <Link role="menuitem" to={paths.cart} className={menuItem} onClick={() => setMenuOpen(false)}>
                    {cartLabel}
                  </Link>
                  <Link role="menuitem" to={paths.quickOrder} className={menuItem} onClick={() => setMenuOpen(false)}>
                    Quick order
                  </Link>
                  <Link role="menuitem" to={paths.favorites} className={menuItem} onClick={() => setMenuOpen(false)}>
                    Favorites
                  </Link>
                  <button role="menuitem" type="button" className={menuItem} onClick={() => logoutAndReload(dispatch)}>
                    Logout
                  </button>
                </div>
              )}
            </div>
          ) : (
            <Link
              to={paths.login}
              state={{ from: `${location.pathname}${location.search}` }}
              className="rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400"
            >
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
