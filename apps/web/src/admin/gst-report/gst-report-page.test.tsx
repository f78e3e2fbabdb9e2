import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type GstAmounts, type GstReport } from '@pumpkart/shared';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import AdminApp from '../admin-app';
import { GST_REPORT_TEXT, GstReportPage } from './gst-report-page';
import { GST_TOTALS_TEXT } from './gst-totals';
import { addMonths, longMonthLabel, monthOf, previousMonth, validMonth } from './month';

const amounts = (taxable: number, cgst: number, sgst: number, igst: number): GstAmounts => ({
  taxable,
  cgst,
  sgst,
  utgst: 0,
  igst,
  tax: cgst + sgst + igst,
  total: taxable + cgst + sgst + igst,
});
const ZERO = amounts(0, 0, 0, 0);

/** November 2026: four invoices (one to a business, cancelled in the month by a credit note). */
const SELLER = '27AAHCP4821K1Z6';
/** The seller's GSTIN before it moved to Chandigarh (a made-up one of the right shape). */
const OLD_SELLER = '04AAHCP4821K1Z2';

const NOVEMBER: GstReport = {
  month: '2026-11',
  gstin: SELLER,
  gstins: [SELLER],
  from: '2026-10-31T18:30:00.000Z',
  to: '2026-11-30T18:30:00.000Z',
  invoices: {
    count: 4,
    byRate: [
      { rate: 5, ...amounts(1000, 0, 0, 50) },
      { rate: 18, ...amounts(152_372.88, 90, 90, 27_247.12) },
    ],
    totals: amounts(153_372.88, 90, 90, 27_297.12),
  },
  creditNotes: {
    count: 1,
    byRate: [
      { rate: 5, ...amounts(1000, 0, 0, 50) },
      { rate: 18, ...amounts(1000, 0, 0, 180) },
    ],
    totals: amounts(2000, 0, 0, 230),
  },
  debitNotes: { count: 0, byRate: [], totals: ZERO },
  net: {
    byRate: [
      { rate: 5, ...ZERO },
      { rate: 18, ...amounts(151_372.88, 90, 90, 27_067.12) },
    ],
    totals: amounts(151_372.88, 90, 90, 27_067.12),
  },
  b2b: {
    invoiceCount: 1,
    creditNoteCount: 1,
    debitNoteCount: 0,
    invoices: amounts(2000, 0, 0, 230),
    creditNotes: amounts(2000, 0, 0, 230),
    debitNotes: ZERO,
    net: ZERO,
  },
  b2c: {
    invoiceCount: 3,
    creditNoteCount: 0,
    debitNoteCount: 0,
    invoices: amounts(151_372.88, 90, 90, 27_067.12),
    creditNotes: ZERO,
    debitNotes: ZERO,
    net: amounts(151_372.88, 90, 90, 27_067.12),
  },
};

const EMPTY_SIDE = {
  invoiceCount: 0,
  creditNoteCount: 0,
  debitNoteCount: 0,
  invoices: ZERO,
  creditNotes: ZERO,
  debitNotes: ZERO,
  net: ZERO,
};

const EMPTY: GstReport = {
  ...NOVEMBER,
  month: '2026-10',
  invoices: { count: 0, byRate: [], totals: ZERO },
  creditNotes: { count: 0, byRate: [], totals: ZERO },
  debitNotes: { count: 0, byRate: [], totals: ZERO },
  net: { byRate: [], totals: ZERO },
  b2b: EMPTY_SIDE,
  b2c: EMPTY_SIDE,
};

const CSV = 'GSTIN/UIN of Recipient,Receiver Name\r\n';
const csvAnswer = (filename: string) =>
  (() =>
    Promise.resolve(
      new Response(CSV, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
        },
      }),
    )) as unknown as FakeResponse;

const jsonAnswer = (url: URL) =>
  (() =>
    Promise.resolve(
      new Response(JSON.stringify({ gstin: url.searchParams.get('gstin'), fp: '112026' }), {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="GSTR1-${url.searchParams.get('gstin')}-2026-11.json"`,
        },
      }),
    )) as unknown as FakeResponse;

/** Answers the report of each month asked for; a CSV file for format=csv. */
function reportRoute(reports: Record<string, GstReport | number>) {
  return (_init: RequestInit | undefined, url: URL): FakeResponse => {
    const month = url.searchParams.get('month')!;
    if (url.searchParams.get('format') === 'csv') {
      return csvAnswer(`GSTR1-${url.searchParams.get('table')}-${month}.csv`);
    }
    if (url.searchParams.get('format') === 'gstr1-json') return jsonAnswer(url);
    const answer = reports[month];
    if (typeof answer === 'number') return { status: answer, body: { message: 'Database unavailable' } };
    return { body: answer ?? { ...EMPTY, month } };
  };
}

const reportCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init as RequestInit }))
    .filter(({ url }) => url.pathname === '/api/admin/gst-report');

let saved: { href: string; download: string }[];
let blobs: Blob[];
beforeEach(() => {
  loginAs('admin', 'Ravi');
  // 00:10 on 1 December 2026 in India is still 30 November in UTC: the previous month is November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T18:40:00.000Z'));
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (route = '/admin/gst-report') =>
  renderWithStore(
    <>
      <GstReportPage />
      <Notices />
    </>,
    { route },
  );

describe('Admin GST report page', () => {
  it('opens on the previous month in India and shows its totals by rate and for B2B and B2C', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/gst-report': reportRoute({ '2026-11': NOVEMBER }) });
    renderPage();
    expect(screen.getByRole('heading', { name: GST_REPORT_TEXT.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText(GST_REPORT_TEXT.month)).toHaveValue('2026-11');
    await screen.findByTestId('gst-totals');
    const [call] = reportCalls(fetchMock);
    expect(call!.url.searchParams.get('month')).toBe('2026-11');
    expect(call!.init.headers).toMatchObject({ authorization: 'Bearer test-token' });

    const byRate = screen.getByRole('region', { name: `${GST_TOTALS_TEXT.byRate} table` });
    const rows = within(byRate).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RateTaxable valueCGSTSGSTUTGSTIGSTTotal GSTValue with GST',
      '5%₹0.00₹0.00₹0.00₹0.00₹0.00₹0.00₹0.00',
      '18%₹1,51,372.88₹90.00₹90.00₹0.00₹27,067.12₹27,247.12₹1,78,620.00',
      'Total₹1,51,372.88₹90.00₹90.00₹0.00₹27,067.12₹27,247.12₹1,78,620.00',
    ]);
    const documents = screen.getByRole('region', { name: `${GST_TOTALS_TEXT.documents} table` });
    expect(within(documents).getByRole('row', { name: /^Invoices 4/ })).toHaveTextContent('₹1,53,372.88');
    expect(within(documents).getByRole('row', { name: /^Credit notes 1/ })).toHaveTextContent('₹2,000.00');
    expect(within(documents).getByRole('row', { name: /^Debit notes 0/ })).toHaveTextContent('₹0.00');
    const buyers = screen.getByRole('region', { name: `${GST_TOTALS_TEXT.buyers} table` });
    expect(within(buyers).getByRole('row', { name: /B2B/ }).textContent).toBe(
      `${GST_TOTALS_TEXT.b2b}110₹0.00₹0.00₹0.00`,
    );
    expect(within(buyers).getByRole('row', { name: /B2C/ }).textContent).toBe(
      `${GST_TOTALS_TEXT.b2c}300₹1,51,372.88₹27,247.12₹1,78,620.00`,
    );
  });

  it('asks for the month picked: typed, one back, or from the address', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/gst-report': reportRoute({ '2026-11': NOVEMBER }) });
    const { router } = renderPage('/admin/gst-report?month=2026-09');
    expect(screen.getByLabelText(GST_REPORT_TEXT.month)).toHaveValue('2026-09');
    expect(await screen.findByText(GST_TOTALS_TEXT.empty('September 2026'))).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: GST_REPORT_TEXT.previous }));
    expect(await screen.findByText(GST_TOTALS_TEXT.empty('August 2026'))).toBeInTheDocument();
    expect(router.state.location.search).toBe('?month=2026-08');

    await user.click(screen.getByRole('button', { name: GST_REPORT_TEXT.next }));
    await user.click(screen.getByRole('button', { name: GST_REPORT_TEXT.next }));
    await user.click(screen.getByRole('button', { name: GST_REPORT_TEXT.next }));
    await screen.findByTestId('gst-totals');
    expect(screen.getByLabelText(GST_REPORT_TEXT.month)).toHaveValue('2026-11');
    expect(screen.getByRole('region', { name: `${GST_TOTALS_TEXT.byRate} table` })).toBeInTheDocument();
    // December 2026 has begun in India: no month after it to go to.
    await user.click(screen.getByRole('button', { name: GST_REPORT_TEXT.next }));
    expect(screen.getByRole('button', { name: GST_REPORT_TEXT.next })).toBeDisabled();

    expect(reportCalls(fetchMock).map(({ url }) => url.searchParams.get('month'))).toEqual([
      '2026-09',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('downloads a GSTR-1 table: the CSV endpoint with the month, table and token, saved under its name', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/gst-report': reportRoute({ '2026-11': NOVEMBER }) });
    renderPage();
    await screen.findByTestId('gst-totals');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /B2B invoices \(4A\)/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csvCall = reportCalls(fetchMock).find(({ url }) => url.searchParams.get('format') === 'csv')!;
    expect(Object.fromEntries(csvCall.url.searchParams)).toEqual({
      month: '2026-11',
      gstin: SELLER,
      format: 'csv',
      table: 'b2b',
    });
    expect(csvCall.init.headers).toMatchObject({ authorization: 'Bearer test-token' });
    expect(saved[0]!.download).toBe('GSTR1-b2b-2026-11.csv');
    expect(await blobs[0]!.text()).toBe(CSV);

    await user.click(screen.getByRole('button', { name: /HSN summary, B2C \(12\)/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.download).toBe('GSTR1-hsn-b2c-2026-11.csv');
    expect(screen.getByRole('button', { name: /Documents issued \(13\)/ })).toBeInTheDocument();
    // Every table of the return has its button.
    for (const name of ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'hsn', 'docs']) {
      expect(screen.getByText(`GSTR1-${name}-2026-11.csv`)).toBeInTheDocument();
    }
  });

  it("downloads the whole GSTR-1 as the portal's JSON file, of the GSTIN the report is of", async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/gst-report': reportRoute({ '2026-11': NOVEMBER }) });
    renderPage();
    await screen.findByTestId('gst-totals');
    await userEvent.setup().click(screen.getByRole('button', { name: new RegExp(`GSTR-1 ${SELLER}`) }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = reportCalls(fetchMock).find(({ url }) => url.searchParams.get('format') === 'gstr1-json')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      month: '2026-11',
      gstin: SELLER,
      format: 'gstr1-json',
    });
    expect(saved[0]!.download).toBe(`GSTR1-${SELLER}-2026-11.json`);
    expect(JSON.parse(await blobs[0]!.text())).toEqual({ gstin: SELLER, fp: '112026' });
  });

  it('offers the GSTINs of a month with documents of several, and reports the one picked', async () => {
    const both = { ...NOVEMBER, gstins: [OLD_SELLER, SELLER] };
    const fetchMock = mockFetch({
      'GET /api/admin/gst-report': (_init, url) => ({
        body: { ...both, gstin: url.searchParams.get('gstin') ?? SELLER },
      }),
    });
    renderPage();
    const picker = await screen.findByLabelText(GST_REPORT_TEXT.gstin);
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([OLD_SELLER, SELLER]);
    await userEvent.setup().selectOptions(picker, OLD_SELLER);
    await waitFor(() =>
      expect(reportCalls(fetchMock).some(({ url }) => url.searchParams.get('gstin') === OLD_SELLER)).toBe(true),
    );
    expect(await screen.findByText(`GSTR1-${OLD_SELLER}-2026-11.json`)).toBeInTheDocument();
  });

  it("says so in a notice when a file cannot be downloaded, with the server's message", async () => {
    mockFetch({
      'GET /api/admin/gst-report': (_init, url) =>
        url.searchParams.get('format') === 'csv'
          ? { status: 403, body: { message: 'Only an admin can do this.' } }
          : { body: NOVEMBER },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByTestId('gst-totals');
    await userEvent.setup().click(screen.getByRole('button', { name: /B2C small \(7\)/ }));
    expect(await screen.findByText('Only an admin can do this.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says the report could not be loaded and tries again on request', async () => {
    let failing = true;
    mockFetch({
      'GET /api/admin/gst-report': (_init, url) =>
        failing
          ? { status: 500, body: { message: 'Database unavailable' } }
          : reportRoute({ '2026-11': NOVEMBER })(_init, url),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText(MESSAGES.gstReportLoadFailed)).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('gst-totals')).not.toBeInTheDocument();
    // The files can still be asked for.
    expect(screen.getByRole('button', { name: /B2B invoices/ })).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('gst-totals')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.gstReportLoadFailed)).not.toBeInTheDocument();
  });

  it('is the admin area page /admin/gst-report, linked from the sidebar', async () => {
    mockFetch({ 'GET /api/admin/gst-report': reportRoute({ '2026-11': NOVEMBER }) });
    renderWithStore(<AdminApp />, { route: '/admin/gst-report', path: '/admin/*' });
    expect(await screen.findByRole('heading', { name: GST_REPORT_TEXT.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GST report' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'GST report' })).toHaveAttribute('href', '/admin/gst-report');
  });
});

describe('the months of the report', () => {
  it('takes the month in India, steps across years and checks what it is given', () => {
    expect(monthOf(new Date('2026-12-31T18:29:59.000Z'))).toBe('2026-12');
    expect(monthOf(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01');
    expect(previousMonth(new Date('2027-01-01T02:00:00.000Z'))).toBe('2026-12');
    expect([addMonths('2026-01', -1), addMonths('2026-12', 1), addMonths('2026-05', -17)]).toEqual([
      '2025-12',
      '2027-01',
      '2024-12',
    ]);
    expect([validMonth('2026-11'), validMonth('2026-13'), validMonth(''), validMonth(null)]).toEqual([
      '2026-11',
      null,
      null,
      null,
    ]);
    expect(longMonthLabel('2026-11')).toBe('November 2026');
  });
});
