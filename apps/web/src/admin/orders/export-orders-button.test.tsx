import { MESSAGES } from '@pumpkart/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { OrdersPage } from './orders-page';

const CSV = '\uFEFFOrder number,Order id\r\nCCC333,ord-online-paid-CCC333\r\n';
const EMPTY_PAGE = { body: { data: [], total: 0 }, headers: { 'X-Total-Count': '0' } };

let saved: { href: string; download: string }[];
let blobs: Blob[];
beforeEach(() => {
  loginAs('admin');
  saved = [];
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOrders(exportAnswer: () => Promise<Response>, route: string) {
  // A handler may answer a promise of a Response: the answer as it comes (mockFetch passes it on).
  const fetchMock = mockFetch({
    'GET /api/orders': EMPTY_PAGE,
    'GET /api/orders/export.csv': exportAnswer as unknown as FakeResponse,
  });
  renderWithStore(
    <>
      <OrdersPage />
      <Notices />
    </>,
    { route, path: '/admin/orders' },
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('Admin orders: Export CSV', () => {
  it("downloads the filters' orders (both modes, no page or sort) with the token, saying Preparing… meanwhile", async () => {
    let answer!: (response: Response) => void;
    const { fetchMock, user } = renderOrders(
      () => new Promise<Response>((resolve) => (answer = resolve)),
      '/admin/orders?search=vikram&status=processing&from=2026-11-01&sort=total_desc&codPage=2',
    );
    await user.click(await screen.findByRole('button', { name: MESSAGES.exportCsv }));
    const button = await screen.findByRole('button', { name: MESSAGES.preparingFile });
    expect(button).toHaveAttribute('aria-disabled', 'true');

    const [input, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/export.csv'))!;
    const url = new URL(String(input), 'http://x');
    expect(url.pathname).toBe('/api/orders/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'vikram',
      status: 'processing',
      from: '2026-11-01',
    });
    expect(init?.headers).toMatchObject({ authorization: 'Bearer test-token' });

    answer(
      new Response(CSV, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="orders-2026-11-25.csv"',
        },
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('orders-2026-11-25.csv');
    // The file is saved byte for byte, its byte-order mark included (text() reads past it).
    expect(blobs[0]!.size).toBe(new TextEncoder().encode(CSV).length);
    expect(await blobs[0]!.text()).toBe(CSV.slice(1));
    expect(await screen.findByRole('button', { name: MESSAGES.exportCsv })).not.toHaveAttribute('aria-disabled');
  });

  it("says so in a notice when the file cannot be prepared, with the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderOrders(
      () =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'from must not be after to.' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      '/admin/orders',
    );
    await user.click(await screen.findByRole('button', { name: MESSAGES.exportCsv }));
    expect(await screen.findByText('from must not be after to.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: MESSAGES.exportCsv })).not.toHaveAttribute('aria-disabled');
  });

  it('says its own message when the server does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderOrders(() => Promise.reject(new TypeError('Failed to fetch')), '/admin/orders');
    await user.click(await screen.findByRole('button', { name: MESSAGES.exportCsv }));
    expect(await screen.findByText(MESSAGES.ordersExportFailed)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
