import { AUDIT_KIND_LABELS, type AuditEventDto } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { ACTIVITY_TEXT, ActivityPage } from './activity-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OWNER = { _id: '11111111-1111-4111-8111-111111111111', email: 'owner@pumpkart.test' };
const CLERK = { _id: '22222222-2222-4222-8222-222222222222', email: 'clerk@pumpkart.test' };
const ORDER_ID = '3f2c1a00-0000-4000-8000-00000000abcd';

let counter = 0;
function auditEvent(overrides: Partial<AuditEventDto> = {}): AuditEventDto {
  counter += 1;
  return {
    _id: `event-${counter}`,
    // 09:00 UTC is 02:30 pm in India.
    at: '2026-06-05T09:00:00.000Z',
    actor: OWNER,
    kind: 'product.updated',
    entityType: 'product',
    entityId: `product-${counter}`,
    summary: `Edited "Pump ${counter}": price`,
    changes: { price: { before: 1000, after: 1250 } },
    ...overrides,
  };
}

const shipped = auditEvent({
  kind: 'order.status_changed',
  entityType: 'order',
  entityId: ORDER_ID,
  actor: CLERK,
  summary: 'Status: processing → shipped',
  changes: { status: { before: 'processing', after: 'shipped' }, courier: { before: null, after: 'Blue Dart' } },
});
const deleted = auditEvent({ kind: 'product.deleted', summary: 'Deleted "Old Pump" permanently', changes: null });
/** 45 edits by the owner: three pages of 20. */
const many = Array.from({ length: 45 }, (_, index) => auditEvent({ summary: `Edit number ${index}` }));

/** Answers GET /api/admin/audit as the server does: filtered, a page at a time, with the count of all matches. */
function listRoute(events: AuditEventDto[]) {
  return (_init: RequestInit | undefined, url: URL): FakeResponse => {
    const param = (name: string) => url.searchParams.get(name);
    const page = Number(param('page') ?? 1);
    const limit = Number(param('limit') ?? 20);
    const matches = events.filter(
      (event) =>
        (!param('actor') || event.actor._id === param('actor')) &&
        (!param('kind') || event.kind === param('kind')) &&
        (!param('entityType') || event.entityType === param('entityType')) &&
        (!param('entityId') || event.entityId === param('entityId')),
    );
    const data = matches.slice((page - 1) * limit, page * limit);
    return { body: { data, total: matches.length }, headers: { 'X-Total-Count': String(matches.length) } };
  };
}

const routes = (events: AuditEventDto[]) => ({
  'GET /api/admin/audit': listRoute(events),
  'GET /api/admin/audit/actors': { body: { data: [CLERK, OWNER] } },
});

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/audit');

const renderPage = (route = '/admin/activity') => renderWithStore(<ActivityPage />, { route });
const table = () => screen.getByRole('region', { name: `${ACTIVITY_TEXT.table} table` });

describe('Admin Activity page', () => {
  it('lists every change newest first: when in India, who, what, and each field before → after', async () => {
    const fetchMock = mockFetch(routes([shipped, deleted]));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(ACTIVITY_TEXT.loading)).toBeInTheDocument();
    await screen.findByRole('region', { name: `${ACTIVITY_TEXT.table} table` });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Change', 'Before → after']);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '05 Jun 2026, 02:30 pm',
        'clerk@pumpkart.test',
        `Status: Processing → Shipped${AUDIT_KIND_LABELS['order.status_changed']}`,
        'Courier: — → Blue Dart',
      ],
      [
        '05 Jun 2026, 02:30 pm',
        'owner@pumpkart.test',
        `Deleted "Old Pump" permanently${AUDIT_KIND_LABELS['product.deleted']}`,
        '—',
      ],
    ]);
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.searchParams)).toEqual({ page: '1', limit: '20' });
  });

  it('filters by person and kind, in the address; a new filter starts at page 1', async () => {
    const fetchMock = mockFetch(routes([shipped, deleted, ...many]));
    const { router } = renderPage('/admin/activity?page=2');
    await screen.findByText('Edit number 18');
    const user = userEvent.setup();

    const person = screen.getByLabelText(ACTIVITY_TEXT.person);
    await within(person).findByRole('option', { name: CLERK.email });
    await user.selectOptions(person, CLERK.email);
    expect(router.state.location.search).toBe(`?actor=${CLERK._id}`);
    expect(await screen.findByText('clerk@pumpkart.test', { selector: 'span' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);

    await user.selectOptions(person, ACTIVITY_TEXT.everyone);
    await user.selectOptions(screen.getByLabelText(ACTIVITY_TEXT.kind), AUDIT_KIND_LABELS['product.deleted']);
    expect(router.state.location.search).toBe('?kind=product.deleted');
    expect(await screen.findByText('Deleted "Old Pump" permanently')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(fetchMock).at(-1)!.searchParams)).toEqual({
      page: '1',
      limit: '20',
      kind: 'product.deleted',
    });

    await user.click(screen.getByRole('button', { name: ACTIVITY_TEXT.clear }));
    expect(router.state.location.search).toBe('');
  });

  it('pages with Previous and Next; Back and a reload show the same view', async () => {
    const fetchMock = mockFetch(routes(many));
    const { router } = renderPage(`/admin/activity?actor=${OWNER._id}&kind=product.updated`);
    await screen.findByText('Edit number 0');
    expect(screen.getByLabelText(ACTIVITY_TEXT.person)).toHaveValue(OWNER._id);
    expect(screen.getByLabelText(ACTIVITY_TEXT.kind)).toHaveValue('product.updated');
    const pager = screen.getByRole('navigation', { name: ACTIVITY_TEXT.pages });
    expect(pager).toHaveTextContent('1–20 of 45 changes');
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Edit number 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?page=2&actor=${OWNER._id}&kind=product.updated`);
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Edit number 0')).toBeInTheDocument();
    expect(listCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '1']);
  });

  it("shows one thing's history from a History section's link, and refuses bad values in the address", async () => {
    const fetchMock = mockFetch(routes([shipped, deleted]));
    const { router } = renderPage(
      `/admin/activity?entityType=order&entityId=${ORDER_ID}&actor=not-a-uuid&kind=nonsense&page=-3`,
    );
    expect(await screen.findByText(ACTIVITY_TEXT.oneThing('order', ORDER_ID))).toHaveTextContent('order 00abcd');
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.searchParams)).toEqual({
      page: '1',
      limit: '20',
      entityType: 'order',
      entityId: ORDER_ID,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: ACTIVITY_TEXT.clear }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Deleted "Old Pump" permanently')).toBeInTheDocument();
  });

  it('says when nothing is recorded yet', async () => {
    mockFetch(routes([]));
    renderPage();
    expect(await screen.findByText(ACTIVITY_TEXT.empty)).toBeInTheDocument();
  });
});
