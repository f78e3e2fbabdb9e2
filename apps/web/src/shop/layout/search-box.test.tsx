import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '@pumpkart/shared';
import { mockFetch, renderWithStore } from '../../test/render';
import { SearchBox } from './search-box';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SUGGESTIONS: Suggestions = {
  products: [
    { _id: '11111111-1111-4111-8111-111111111111', title: 'Tokheim Fuel Dispenser', price: 325000, image: null },
    { _id: '22222222-2222-4222-8222-222222222222', title: 'Midco Diesel Dispenser', price: 165000, image: null },
  ],
  categories: ['Fuel Dispensers'],
  correctedSearch: 'dispenser',
};

function Stub() {
  const params = useParams();
  return <h1>Opened {params.productId ?? params.categoryName}</h1>;
}

function Box({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  return <SearchBox value={value} onChange={setValue} onSubmit={onSubmit} />;
}

const setup = (onSubmit?: () => void) => {
  const fetchMock = mockFetch({ 'GET /api/products/suggest': { body: SUGGESTIONS } });
  const view = renderWithStore(<Box onSubmit={onSubmit} />, {
    extraRoutes: [
      { path: '/product/:productId', element: <Stub /> },
      { path: '/category/:categoryName', element: <Stub /> },
    ],
  });
  return { fetchMock, ...view };
};

describe('SearchBox (combobox)', () => {
  it('asks from 2 characters, once typing pauses, and lists products (title, price) and categories', async () => {
    const { fetchMock } = setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'd');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'ispnser');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('q=dispnser');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'No ImageTokheim Fuel Dispenser₹3,25,000/-',
      'No ImageMidco Diesel Dispenser₹1,65,000/-',
      'Category: Fuel Dispensers',
    ]);
  });

  it('moves with the arrow keys (aria-activedescendant), wraps, and Enter opens the active product', async () => {
    setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox');
    await user.type(box, 'dispnser');
    await screen.findByRole('listbox');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `Opened ${SUGGESTIONS.products[1]!._id}` })).toBeInTheDocument();
  });

  it("keeps the last suggestions, and the active one, while the next term's are on their way", async () => {
    let answerNext: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /api/products/suggest?q=dispnser': { body: SUGGESTIONS },
      'GET /api/products/suggest?q=dispnsers': () => new Promise<Response>((resolve) => (answerNext = resolve)),
    });
    renderWithStore(<Box />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox');
    await user.type(box, 'dispnser');
    await screen.findByRole('listbox');
    await user.type(box, 's');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // The second answer has not come: the first list is still there, and the arrow keys still move in it.
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    const next: Suggestions = { products: [SUGGESTIONS.products[1]!], categories: [], correctedSearch: null };
    answerNext(new Response(JSON.stringify(next), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.getByRole('option')).toHaveTextContent('Midco Diesel Dispenser');
  });

  it('Enter on a category suggestion opens the category page', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'fuel');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Opened Fuel Dispensers' })).toBeInTheDocument();
  });

  it('Escape closes the list and keeps the text; Enter without an active option runs the search as typed', async () => {
    const onSubmit = vi.fn();
    setup(onSubmit);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox');
    await user.type(box, 'dispnser');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('dispnser');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
