import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';

function renderTrail(items: Parameters<typeof Breadcrumbs>[0]['items']) {
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs items={items} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('Breadcrumbs', () => {
  it('is a navigation landmark named Breadcrumb whose earlier steps link and whose last is the current page', () => {
    renderTrail([
      { label: 'Home', to: '/' },
      { label: 'Safety Gear & Uniforms', to: '/category/Safety%20Gear%20%26%20Uniforms' },
      { label: 'Reflective Vest' },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Safety Gear & Uniforms' })).toHaveAttribute(
      'href',
      '/category/Safety%20Gear%20%26%20Uniforms',
    );
    const current = within(items[2]!).getByText('Reflective Vest');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Reflective Vest' })).not.toBeInTheDocument();
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('never links the last item, even when it has a target', () => {
    renderTrail([
      { label: 'Home', to: '/' },
      { label: 'Fire Safety', to: '/category/Fire%20Safety' },
    ]);
    expect(screen.queryByRole('link', { name: 'Fire Safety' })).not.toBeInTheDocument();
    expect(screen.getByText('Fire Safety')).toHaveAttribute('aria-current', 'page');
  });

  it('renders nothing without items', () => {
    const { container } = renderTrail([]);
    expect(container).toBeEmptyDOMElement();
  });
});
