import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from 'react-router';
import { useListingState } from './listing-state';

function SearchWriter() {
  const [listing, setListing] = useListingState();
  return (
    <>
      <output>{listing.search}</output>
      <button type="button" onClick={() => setListing({ search: 'nozzle' })}>
        Write
      </button>
    </>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe("a list's state written to the browser's address", () => {
  it('is written while the address is the list page', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <SearchWriter />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(window.location.pathname + window.location.search).toBe('/?q=nozzle');
  });

  // A product clicked while a typed search waited to be written: the browser's address is the product's before the
  // router renders it, and the write must not replace the product's entry (which closed the product at once).
  it('is not written once the browser has moved to another page the router has yet to render', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <SearchWriter />
      </BrowserRouter>,
    );
    // What the router's own navigation does first (history.pushState); it renders the new page only later.
    act(() => window.history.pushState({ usr: null, key: 'product', idx: 1 }, '', '/product/abc'));
    await userEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(window.location.pathname + window.location.search).toBe('/product/abc');
  });
});
