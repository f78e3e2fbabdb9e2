/**
 * The admin frame: the sidebar beside the page on a laptop; on a tablet or phone the sidebar
 * collapses behind a menu button and opens as a modal drawer (closed by a link, Escape or the
 * overlay): while open, Tab stays inside it and the page behind is inert (use-dialog-focus.ts), and on
 * close focus goes back to the menu button.
 * The test-mode banner shows while payments go through the sandbox.
 * No storefront navbar or footer.
 */
import { Suspense, useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { Notices } from '../shop/layout/notices';
import { TestModeBanner } from '../shop/layout/test-mode-banner';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { useMediaQuery } from '../ui/use-media-query';
import { Sidebar } from './sidebar';
import { LoadingText } from './ui/page-header';

/** Tailwind's `lg`: from here the sidebar stays beside the page and there is no menu button. */
const DESKTOP_QUERY = '(min-width: 1024px)';

export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // From the laptop layout up the sidebar is no drawer: nothing to trap.
  const drawerOpen = menuOpen && !desktop;
  const drawerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useDialogFocus(drawerOpen, drawerRef, closeMenu, { returnFocusTo: menuButtonRef, inPage: true });

  return (
    <div className="min-h-screen bg-slate-100">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>

      <header className="sticky top-0 z-30 flex items-center gap-3 bg-slate-900 px-4 py-3 text-white lg:hidden">
        <button
          ref={menuButtonRef}
          type="button"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded-lg p-2 hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
            <path strokeLinecap="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <span className="font-semibold">PumpKart Admin</span>
      </header>

      {menuOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden"
          data-testid="admin-menu-overlay"
          // A click on it closes the menu: it stays outside the inert page behind the drawer.
          data-keep-active
          onClick={() => setMenuOpen(false)}
        />
      )}

      <aside
        ref={drawerRef}
        id="admin-sidebar"
        {...(drawerOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Admin menu' } : {})}
        className={`fixed inset-y-0 left-0 z-50 w-64 transform transition-transform lg:translate-x-0 ${
          menuOpen ? 'visible translate-x-0' : 'invisible -translate-x-full lg:visible'
        }`}
      >
        <Sidebar onNavigate={closeMenu} />
      </aside>

      <main id="admin-main" className="min-w-0 px-3 py-5 sm:px-6 lg:ml-64 lg:px-8 lg:py-8">
        <Suspense fallback={<LoadingText text="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <TestModeBanner className="lg:pl-64" />
      <Notices />
    </div>
  );
}
