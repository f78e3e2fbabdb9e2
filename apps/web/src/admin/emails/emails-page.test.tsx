import { MAIL_KIND_LABELS, type MailDetail, type MailSummary } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import AdminApp from '../admin-app';
import { EMAIL_DETAIL_TEXT } from './email-detail-modal';
import { EMAILS_TEXT, EmailsPage } from './emails-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HTML = '<!doctype html><html><body><h1>Reset your password</h1><script>parent.alert(1)</script></body></html>';
const TEXT = 'Reset your password: http://shop.test/reset-password?token=abc\nThe link is valid for 30 minutes.';

function makeMail(id: string, overrides: Partial<MailDetail> = {}): MailDetail {
  return {
    _id: id,
    kind: 'password-reset',
    to: 'asha@example.com',
    subject: 'PumpKart: reset your password',
    status: 'sent',
    attempts: 1,
    lastError: null,
    orderId: null,
    // 09:00 UTC is 02:30 pm in India.
    createdAt: '2026-06-05T09:00:00.000Z',
    sentAt: '2026-06-05T09:00:05.000Z',
    nextAttemptAt: null,
    html: HTML,
    text: TEXT,
    attachments: [],
    ...overrides,
  };
}

const summary = ({ html: _html, text: _text, attachments: _attachments, ...rest }: MailDetail): MailSummary => rest;

const reset = makeMail('mail-1');
const failed = makeMail('mail-2', {
  kind: 'payment-received',
  to: 'vikram@example.com',
  subject: 'PumpKart: payment received for order 111111',
  status: 'failed',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  orderId: 'order-000000111111',
  sentAt: null,
  attachments: ['Invoice-PK-26-27-000001.pdf'],
});
const kept = makeMail('mail-3', { kind: 'welcome', subject: 'Welcome to PumpKart', status: 'kept', sentAt: null });
const pending = makeMail('mail-4', {
  kind: 'owner-new-order',
  to: 'owner@example.com',
  subject: null,
  status: 'pending',
  attempts: 0,
  sentAt: null,
  html: null,
  text: null,
});

/** 45 messages: three pages of 20. */
const many = Array.from({ length: 45 }, (_, index) =>
  makeMail(`bulk-${index}`, { to: `buyer${index}@example.com`, subject: `Message ${index}` }),
);

/**
 * Answers GET /api/admin/emails as the server does: filtered by status, kind and part of the recipient, a page
 * at a time, with the count of all matches.
 */
function listRoute(mails: MailDetail[]) {
  return (_init: RequestInit | undefined, url: URL): FakeResponse => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const status = url.searchParams.get('status');
    const kind = url.searchParams.get('kind');
    const to = url.searchParams.get('to');
    const matches = mails.filter(
      (mail) => (!status || mail.status === status) && (!kind || mail.kind === kind) && (!to || mail.to.includes(to)),
    );
    const data = matches.slice((page - 1) * limit, page * limit).map(summary);
    return { body: { data, total: matches.length }, headers: { 'X-Total-Count': String(matches.length) } };
  };
}

const detailRoutes = (mails: MailDetail[]) =>
  Object.fromEntries(mails.map((mail) => [`GET /api/admin/emails/${mail._id}`, { body: { data: mail } }]));

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/emails');

const renderPage = (route = '/admin/emails') =>
  renderWithStore(
    <>
      <EmailsPage />
      <Notices />
    </>,
    { route },
  );

const table = () => screen.getByRole('region', { name: `${EMAILS_TEXT.table} table` });
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Admin E-mails page', () => {
  it('lists the messages newest first with their time in India, kind, state, attempts and last error', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/emails': listRoute([pending, failed, kept, reset]) });
    renderPage();
    expect(screen.getByRole('heading', { name: 'E-mails', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Every e-mail the shop sent or kept/)).toBeInTheDocument();
    expect(screen.getByText(EMAILS_TEXT.loading)).toHaveAttribute('role', 'status');
    await screen.findByRole('region', { name: `${EMAILS_TEXT.table} table` });

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Created', 'Message', 'Recipient', 'Status', 'Attempts', 'Last error']);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => cells(row))).toEqual([
      ['05 Jun 2026, 02:30 pm', 'Not written yetNew order (to the owner)', 'owner@example.com', 'Pending', '0', '—'],
      [
        '05 Jun 2026, 02:30 pm',
        'PumpKart: payment received for order 111111Payment received',
        'vikram@example.com',
        '! Failed',
        '5',
        'connect ECONNREFUSED 127.0.0.1:2525',
      ],
      ['05 Jun 2026, 02:30 pm', 'Welcome to PumpKartWelcome', 'asha@example.com', 'Kept', '1', '—'],
      ['05 Jun 2026, 02:30 pm', 'PumpKart: reset your passwordPassword reset', 'asha@example.com', 'Sent', '1', '—'],
    ]);
    // The subject opens the message.
    expect(within(rows[3]!).getByRole('button', { name: 'PumpKart: reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of e-mails' })).toHaveTextContent('Page 1 of 1');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    const [call] = listCalls(fetchMock);
    expect(Object.fromEntries(call!.searchParams)).toEqual({ page: '1', limit: '20' });
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ authorization: 'Bearer test-token' });
  });

  it('pages with Previous and Next, keeping the page in the address', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/emails': listRoute(many) });
    const { router } = renderPage();
    await screen.findByText('Message 0');
    const pager = screen.getByRole('navigation', { name: 'Pages of e-mails' });
    expect(pager).toHaveTextContent('1–20 of 45 e-mails');
    expect(pager).toHaveTextContent('Page 1 of 3');

    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Message 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('navigation', { name: 'Pages of e-mails' })).toHaveTextContent('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Message 44')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of e-mails' })).toHaveTextContent('41–45 of 45 e-mails');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    // Back goes to the page before.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Message 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Message 0')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(listCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3', '2', '1']);
  });

  it('writes the filters to the address and asks the server for them; a new filter starts at page 1', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/emails': listRoute([pending, failed, kept, reset, ...many]) });
    const { router } = renderPage('/admin/emails?page=2');
    await screen.findByText('Message 16');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(router.state.location.search).toBe('?status=failed');
    expect(await screen.findByText('vikram@example.com')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await user.selectOptions(screen.getByLabelText('Kind'), MAIL_KIND_LABELS['password-reset']);
    expect(router.state.location.search).toBe('?kind=password-reset');

    await user.type(screen.getByLabelText('Recipient'), 'buyer4');
    // The recipient applies when the form is sent, not on every key.
    expect(router.state.location.search).toBe('?kind=password-reset');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?kind=password-reset&to=buyer4');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(7));
    expect(rowOf('buyer44@example.com')).toBeInTheDocument();

    const last = listCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      page: '1',
      limit: '20',
      kind: 'password-reset',
      to: 'buyer4',
    });

    await user.type(screen.getByLabelText('Recipient'), '{Control>}a{/Control}nobody{Enter}');
    expect(await screen.findByText(EMAILS_TEXT.noMatch)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=password-reset&to=nobody');

    await user.click(screen.getByRole('button', { name: EMAILS_TEXT.clear }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Recipient')).toHaveValue('');
    expect(await screen.findByText('vikram@example.com')).toBeInTheDocument();
  });

  it('starts from the state in the address (a reload, or Back from another page)', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/emails': listRoute([failed, kept, reset]) });
    renderPage('/admin/emails?status=kept&kind=welcome&to=asha&page=1');
    expect(await screen.findByText('Welcome to PumpKart')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('kept');
    expect(screen.getByLabelText('Kind')).toHaveValue('welcome');
    expect(screen.getByLabelText('Recipient')).toHaveValue('asha');
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.searchParams)).toEqual({
      page: '1',
      limit: '20',
      status: 'kept',
      kind: 'welcome',
      to: 'asha',
    });
  });

  it('leaves out a page or filter from the address that the server would refuse', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/emails': listRoute([reset]) });
    renderPage('/admin/emails?page=-3&status=lost&kind=spam');
    await screen.findByText('PumpKart: reset your password');
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.searchParams)).toEqual({ page: '1', limit: '20' });
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it("says 'No e-mails yet.' when the shop has sent none", async () => {
    mockFetch({ 'GET /api/admin/emails': listRoute([]) });
    renderPage();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(EMAILS_TEXT.empty);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the load failed and loads again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockFetch({
      'GET /api/admin/emails': (init, url) =>
        fail ? { status: 500, body: { message: 'down' } } : listRoute([reset])(init, url),
    });
    renderPage();
    expect(await screen.findByTestId('load-failed')).toHaveTextContent(EMAILS_TEXT.loadFailed);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PumpKart: reset your password')).toBeInTheDocument();
  });

  it('opens a message: its details, the HTML in a sandboxed frame, and the plain text', async () => {
    mockFetch({ 'GET /api/admin/emails': listRoute([failed, reset]), ...detailRoutes([failed, reset]) });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PumpKart: reset your password' }));
    const dialog = await screen.findByRole('dialog', { name: 'PumpKart: reset your password' });
    const pairs = Array.from(dialog.querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['To', 'asha@example.com'],
      ['Kind', 'Password reset'],
      ['Status', 'Sent'],
      ['Attempts', '1'],
      ['Created', '05 Jun 2026, 02:30 pm'],
      ['Sent', '05 Jun 2026, 02:30 pm'],
      ['Attachments', 'None'],
    ]);
    const frame = within(dialog).getByTitle(EMAIL_DETAIL_TEXT.preview);
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no forms, no same-origin access, no navigation of the admin page.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', HTML);
    // A sent message cannot be sent again.
    expect(within(dialog).queryByRole('button', { name: EMAIL_DETAIL_TEXT.sendAgain })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Text' }));
    expect(within(dialog).getByRole('button', { name: 'Text' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).queryByTitle(EMAIL_DETAIL_TEXT.preview)).not.toBeInTheDocument();
    const text = dialog.querySelector('pre');
    expect(text?.textContent).toBe(TEXT);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lists a message's attachments and says when it is not written yet", async () => {
    mockFetch({ 'GET /api/admin/emails': listRoute([pending, failed]), ...detailRoutes([pending, failed]) });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: failed.subject! }));
    let dialog = await screen.findByRole('dialog', { name: failed.subject! });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Invoice-PK-26-27-000001.pdf');
    expect(dialog).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:2525');
    expect(dialog).toHaveTextContent('111111');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: EMAILS_TEXT.notWritten }));
    dialog = await screen.findByRole('dialog', { name: 'E-mail' });
    expect(dialog).toHaveTextContent(EMAIL_DETAIL_TEXT.notRendered);
    expect(within(dialog).queryByTitle(EMAIL_DETAIL_TEXT.preview)).not.toBeInTheDocument();
  });

  it('says the server\'s answer when a message cannot be opened (404 "E-mail not found.")', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/admin/emails': listRoute([reset]),
      'GET /api/admin/emails/mail-1': { status: 404, body: { message: 'E-mail not found.' } },
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'PumpKart: reset your password' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('E-mail not found.');
  });

  it('Send again queues a failed message, says so, and shows the list and the message as they are now', async () => {
    let state: MailDetail = failed;
    const fetchMock = mockFetch({
      'GET /api/admin/emails': (init, url) => listRoute([state, reset])(init, url),
      'GET /api/admin/emails/mail-2': () => ({ body: { data: state } }),
      'POST /api/admin/emails/mail-2/retry': () => {
        state = { ...failed, status: 'pending', lastError: null, attempts: 0 };
        return { body: { message: 'The e-mail is queued to be sent again.' } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: failed.subject! }));
    const dialog = await screen.findByRole('dialog', { name: failed.subject! });
    await user.click(within(dialog).getByRole('button', { name: EMAIL_DETAIL_TEXT.sendAgain }));

    expect(await screen.findByText('The e-mail is queued to be sent again.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    // The detail and the list are asked again: the message is pending, and cannot be sent again twice.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: EMAIL_DETAIL_TEXT.sendAgain })).toBeNull());
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(cells(rowOf('vikram@example.com'))[3]).toBe('Pending');
  });

  it("Send again on a kept message says the server's refusal", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/admin/emails': listRoute([kept]),
      ...detailRoutes([kept]),
      'POST /api/admin/emails/mail-3/retry': { status: 409, body: { message: 'Only a failed or kept e-mail.' } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Welcome to PumpKart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to PumpKart' });
    await user.click(within(dialog).getByRole('button', { name: EMAIL_DETAIL_TEXT.sendAgain }));
    const notice = await screen.findByText('Only a failed or kept e-mail.');
    expect(notice.closest('[data-testid="notice"]')).toHaveAttribute('data-tone', 'error');
  });
});

describe('the E-mails page in the admin area', () => {
  it('is reached from the sidebar at /admin/emails', async () => {
    mockFetch({ 'GET /api/admin/emails': listRoute([reset]), 'GET /api/products/stats': { status: 500 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderWithStore(<AdminApp />, { route: '/admin/analytics', path: '/admin/*' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'E-mails' }));
    expect(await screen.findByRole('heading', { name: 'E-mails', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/emails');
    expect(screen.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('PumpKart: reset your password')).toBeInTheDocument();
  });
});
