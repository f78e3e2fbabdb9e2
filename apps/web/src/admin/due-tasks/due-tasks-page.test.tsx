/** The Due tasks page (docs/shop-rules.md#due-view, #amc): the window, the counts, the list, the CSV and an AMC visit marked done. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AmcVisitsDueDto, DueViewDto } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { DueTasksPage } from './due-tasks-page';

const VIEW: DueViewDto = {
  days: 30,
  today: '2026-06-15',
  to: '2026-07-15',
  totals: { count: 3, overdue: 1, due: 2, outlets: 2, businesses: 1 },
  byTask: [
    { taskKey: 'dispenser-reverification', title: 'Re-verification and stamping', count: 2, overdue: 1 },
    { taskKey: 'peso-licence-renewal', title: 'PESO licence renewal', count: 1, overdue: 0 },
  ],
  byCity: [
    { city: 'Gurugram', count: 2, overdue: 1 },
    { city: 'Jaipur', count: 1, overdue: 0 },
  ],
  items: [
    {
      assetId: '11111111-1111-4111-8111-111111111111',
      businessId: '22222222-2222-4222-8222-222222222222',
      businessName: 'Sharma Fuels Pvt Ltd',
      outletId: '33333333-3333-4333-8333-333333333333',
      outletName: 'Sharma Fuels, NH-48',
      city: 'Gurugram',
      make: 'Tokheim',
      model: 'Quantium 510',
      serialNumber: 'TK-0042',
      taskKey: 'dispenser-reverification',
      title: 'Re-verification and stamping',
      dueOn: '2026-06-01',
      lastDoneOn: null,
      overdue: true,
    },
  ],
  page: 1,
  limit: 50,
};

const VISITS: AmcVisitsDueDto = {
  today: '2026-06-15',
  to: '2026-07-15',
  total: 1,
  visits: [
    {
      _id: '44444444-4444-4444-8444-444444444444',
      contractId: '55555555-5555-4555-8555-555555555555',
      number: 1,
      dueOn: '2026-06-30',
      doneOn: null,
      doneBy: null,
      note: '',
      visits: 4,
      title: 'Dispenser AMC, 1 year',
      businessName: 'Sharma Fuels Pvt Ltd',
      outletName: 'Sharma Fuels, NH-48',
      city: 'Gurugram',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
      overdue: false,
    },
  ],
};

beforeEach(() => loginAs('orders_staff', 'Ravi'));
afterEach(() => vi.restoreAllMocks());

describe('DueTasksPage', () => {
  it('shows the totals, the counts by task and by city and the items, and changes the window', async () => {
    const fetch = mockFetch({
      'GET /api/admin/due-tasks': (_init, url) => ({
        body: { ...VIEW, days: Number(url.searchParams.get('days')) },
      }),
      'GET /api/admin/amc/visits': { body: VISITS },
    });
    const { router } = renderWithStore(<DueTasksPage />, { route: '/admin/due-tasks' });
    const byTask = await screen.findByRole('region', { name: 'By task' });
    expect(within(byTask).getByText('PESO licence renewal')).toBeInTheDocument();
    const byCity = screen.getByRole('region', { name: 'By city' });
    expect(within(byCity).getByText('Jaipur')).toBeInTheDocument();
    const row = within(screen.getByRole('region', { name: 'Tasks due' }))
      .getByText('TK-0042')
      .closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('Sharma Fuels Pvt Ltd')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Overdue', { selector: 'dt' }).nextSibling).toHaveTextContent('1');

    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(router.state.location.search).toBe('?days=90');
    await screen.findByRole('button', { name: '90 days', pressed: true });
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(asked.some((url) => url.pathname === '/api/admin/due-tasks' && url.searchParams.get('days') === '90')).toBe(
      true,
    );
    expect(asked.some((url) => url.pathname === '/api/admin/amc/visits' && url.searchParams.get('days') === '90')).toBe(
      true,
    );
  }, 15_000);

  it('exports the window as CSV', async () => {
    const fetch = mockFetch({
      'GET /api/admin/due-tasks': { body: VIEW },
      'GET /api/admin/amc/visits': { body: VISITS },
      'GET /api/admin/due-tasks.csv': () =>
        Promise.resolve(
          new Response('Due on\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="due-tasks-30-days-2026-06-15.csv"',
            },
          }),
        ),
    });
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    renderWithStore(<DueTasksPage />, { route: '/admin/due-tasks' });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toBe('due-tasks-30-days-2026-06-15.csv'));
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/admin/due-tasks.csv?days=30'))).toBe(true);
  });

  it('marks an AMC visit done with the day and the technician’s note', async () => {
    let sent: unknown;
    mockFetch({
      'GET /api/admin/due-tasks': { body: VIEW },
      'GET /api/admin/amc/visits': { body: VISITS },
      [`POST /api/admin/amc/visits/${VISITS.visits[0]!._id}/done`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          body: {
            message: 'Visit marked done.',
            visit: { ...VISITS.visits[0]!, doneOn: '2026-06-14', doneBy: 'Ravi', note: 'Nozzles cleaned.' },
            tasksRecorded: 2,
          },
        };
      },
    });
    const { store } = renderWithStore(<DueTasksPage />, { route: '/admin/due-tasks' });
    const visits = await screen.findByRole('region', { name: 'AMC visits due' });
    expect(within(visits).getByText('1 of 4')).toBeInTheDocument();
    await userEvent.click(
      within(visits).getByRole('button', { name: 'Mark visit 1 of Dispenser AMC, 1 year at Sharma Fuels, NH-48 done' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark visit 1 of 4 done' });
    const day = within(dialog).getByLabelText('Done on');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-06-14');
    await userEvent.type(within(dialog).getByLabelText("Technician's note"), 'Nozzles cleaned.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ doneOn: '2026-06-14', note: 'Nozzles cleaned.' });
    expect(store.getState().notices.map((notice) => notice.text)).toContain('Visit marked done. 2 tasks recorded.');
  });
});
