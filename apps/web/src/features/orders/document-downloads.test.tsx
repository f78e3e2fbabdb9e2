import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { orderDto } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { filenameOf } from '../../api/shop-api';
import { OrdersPage } from './orders-page';
import { OrderPage } from './order-page';
import { fallbackFilename } from '../../shop/orders/order-documents';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';
const INVOICE = { number: 'PK/26-27/000042', issuedAt: '2026-06-05T10:30:00.000Z' };
const CREDIT_NOTE = { number: 'CN/26-27/000007', issuedAt: '2026-06-07T09:00:00.000Z' };
const PDF_BYTES = '%PDF-1.7\n% a tax invoice\n';

/** A PDF answer, as GET /api/orders/{id}/invoice sends it. */
const pdfAnswer = (filename: string) =>
  (() =>
    Promise.resolve(
      new Response(PDF_BYTES, {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` },
      }),
    )) as unknown as FakeResponse;

let saved: { href: string; download: string }[];
let blobs: Blob[];
beforeEach(() => {
  loginAs();
  saved = [];
  blobs = [];
  // jsdom has no object URLs and does not download: the link's click is where the file would be saved.
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

const renderOrders = () =>
  renderWithStore(
    <>
      <OrdersPage />
      <Notices />
    </>,
    { route: '/order' },
  );

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname === path);

describe('Download invoice on My Orders', () => {
  it('shows no download before the invoice is issued', async () => {
    mockFetch({ 'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing' })] } } });
    renderOrders();
    const card = await screen.findByTestId('order-card');
    expect(within(card).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(card).queryByTestId('order-documents')).not.toBeInTheDocument();
  });

  it("fetches the PDF with the bearer token and saves it under the server's file name", async () => {
    const fetchMock = mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing', invoice: INVOICE })] } },
      [`GET /api/orders/${ID}/invoice`]: pdfAnswer('Invoice-PK-26-27-000042.pdf'),
    });
    renderOrders();
    const card = await screen.findByTestId('order-card');
    expect(card).toHaveTextContent('Invoice PK/26-27/000042 · 5 Jun 2026');
    expect(within(card).queryByRole('button', { name: /Download credit note/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: `${MESSAGES.downloadInvoice} PK/26-27/000042` }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [call] = callsTo(fetchMock, `/api/orders/${ID}/invoice`);
    expect((call![1] as RequestInit).headers).toMatchObject({ authorization: 'Bearer test-token' });
    expect(saved[0]).toEqual({ href: 'blob:http://localhost/1', download: 'Invoice-PK-26-27-000042.pdf' });
    expect(blobs[0]!.type).toBe('application/pdf');
    expect(await blobs[0]!.text()).toBe(PDF_BYTES);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('offers the credit note of a cancelled invoiced order beside its invoice', async () => {
    const fetchMock = mockFetch({
      'GET /api/orders/me': {
        body: { orders: [orderDto({ status: 'cancelled', invoice: INVOICE, creditNote: CREDIT_NOTE })] },
      },
      [`GET /api/orders/${ID}/credit-note`]: pdfAnswer('Credit-Note-CN-26-27-000007.pdf'),
    });
    renderOrders();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByRole('button', { name: `${MESSAGES.downloadInvoice} PK/26-27/000042` })).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: `${MESSAGES.downloadCreditNote} CN/26-27/000007` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetchMock, `/api/orders/${ID}/credit-note`)).toHaveLength(1);
    expect(saved[0]!.download).toBe('Credit-Note-CN-26-27-000007.pdf');
  });

  it("says the server's reason in a notice when the download is refused, and saves nothing", async () => {
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing', invoice: INVOICE })] } },
      [`GET /api/orders/${ID}/invoice`]: { status: 404, body: { message: SERVER_MESSAGES.invoiceNotIssued } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: /Download invoice/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.invoiceNotIssued);
    expect(saved).toEqual([]);
  });

  it('says the invoice could not be downloaded when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/orders/me': { body: { orders: [orderDto({ status: 'processing', invoice: INVOICE })] } },
      [`GET /api/orders/${ID}/invoice`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: /Download invoice/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invoiceDownloadFailed);
    expect(saved).toEqual([]);
  });
});

describe('Download invoice on the order page', () => {
  it('shows the tax invoice with its download once issued', async () => {
    const fetchMock = mockFetch({
      [`GET /api/orders/${ID}`]: { body: { data: orderDto({ status: 'processing', invoice: INVOICE }) } },
      [`GET /api/orders/${ID}/invoice`]: pdfAnswer('Invoice-PK-26-27-000042.pdf'),
    });
    renderWithStore(
      <>
        <OrderPage />
        <Notices />
      </>,
      { route: `/order/${ID}`, path: '/order/:orderId' },
    );
    const section = await screen.findByRole('region', { name: 'Tax invoice' });
    await userEvent.click(within(section).getByRole('button', { name: /Download invoice/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetchMock, `/api/orders/${ID}/invoice`)).toHaveLength(1);
  });

  it('has no tax invoice section before the invoice is issued', async () => {
    mockFetch({ [`GET /api/orders/${ID}`]: { body: { data: orderDto({ status: 'processing' }) } } });
    renderWithStore(<OrderPage />, { route: `/order/${ID}`, path: '/order/:orderId' });
    await screen.findByTestId('order-confirmation');
    expect(screen.queryByRole('region', { name: 'Tax invoice' })).not.toBeInTheDocument();
  });
});

describe('file names', () => {
  it('reads the Content-Disposition file name, else builds one from the number', () => {
    expect(filenameOf('attachment; filename="Invoice-PK-26-27-000042.pdf"')).toBe('Invoice-PK-26-27-000042.pdf');
    expect(filenameOf("attachment; filename*=UTF-8''Invoice%20A.pdf")).toBe('Invoice A.pdf');
    expect(filenameOf(null)).toBeNull();
    expect(fallbackFilename('invoice', 'PK/26-27/000042')).toBe('Invoice-PK-26-27-000042.pdf');
    expect(fallbackFilename('credit-note', 'CN/26-27/000007')).toBe('Credit-Note-CN-26-27-000007.pdf');
  });
});
