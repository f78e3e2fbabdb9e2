import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../App';
import { createStore } from '../../store';
import { mockFetch } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('NotFoundPage', () => {
  it.each(['/no-such-page', '/category', '/order/extra/parts'])(
    'answers %s inside the storefront frame, with a way back to the shop',
    async (path) => {
      mockFetch({ 'GET /api/products/categories/list': { body: [] } });
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      render(
        <Provider store={createStore()}>
          <RouterProvider router={router} />
        </Provider>,
      );
      const main = screen.getByRole('main');
      expect(await within(main).findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(main).toHaveTextContent('404');
      expect(within(main).getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
      // The navbar and footer stay, so the visitor can search or browse from here.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );
});
