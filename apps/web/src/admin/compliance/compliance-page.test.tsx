import { COMPLIANCE_MESSAGES, type ScheduleTaskDto } from '@pumpkart/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { rawProduct } from '../test-data';
import { ComplianceSchedulesPage, COMPLIANCE_TEXT } from './compliance-page';

beforeEach(() => loginAs('admin'));
afterEach(() => vi.unstubAllGlobals());

const months = (count: number) => ({ unit: 'months' as const, count });
const dispenser: ScheduleTaskDto = {
  key: 'dispenser-reverification',
  title: 'Re-verify and stamp fuel dispenser (Legal Metrology)',
  categoryKey: 'fuel-dispenser',
  productId: null,
  productTitle: null,
  extinguisherTypes: null,
  endOfLife: false,
  origin: 'default',
  basis: {
    source: 'State Legal Metrology (Enforcement) Rules, 2011',
    clause: 'schedule of re-verification periods',
    kind: 'law',
    checked: 'secondary',
  },
  interval: months(12),
  defaultInterval: months(12),
  override: null,
  disabled: false,
};
const measure: ScheduleTaskDto = {
  ...dispenser,
  key: 'measure-reverification',
  title: 'Re-verify and stamp capacity measure (5-litre can)',
  categoryKey: 'capacity-measure',
  interval: months(12),
  defaultInterval: months(24),
  override: { interval: months(12), disabled: false },
};
const gauge: ScheduleTaskDto = {
  ...dispenser,
  key: 'owner-1a2b3c4d',
  title: 'Check gauge A against the master gauge',
  categoryKey: 'air-gauge',
  productId: '7d1f6f0e-2f7c-4d0c-9a5e-1b2c3d4e5f60',
  productTitle: 'Gauge A',
  origin: 'owner',
  basis: { source: 'IOCL circular', clause: 'para 4', kind: 'practice', checked: 'unverified' },
  interval: { unit: 'days', count: 90 },
  defaultInterval: null,
};

/** A fake /api/admin/compliance that records the calls and answers the schedule it was given. */
function fakeServer(tasks: ScheduleTaskDto[], answers: Record<string, FakeResponse> = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const recorder =
    (answer: FakeResponse) =>
    (init: RequestInit | undefined, url: URL): FakeResponse => {
      calls.push({
        method: init?.method ?? 'GET',
        url: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return answer;
    };
  mockFetch({
    'GET /api/admin/compliance/schedule': { body: { tasks } },
    'PUT /api/admin/compliance/defaults/dispenser-reverification': recorder({ body: dispenser }),
    'DELETE /api/admin/compliance/defaults/measure-reverification': recorder({ body: measure }),
    'DELETE /api/admin/compliance/tasks/owner-1a2b3c4d': recorder({ body: { message: 'The task was removed.' } }),
    'POST /api/admin/compliance/tasks': recorder(answers.post ?? { status: 201, body: gauge }),
    'GET /api/products/admin/all': { body: [rawProduct(gauge.productId!, { title: 'Gauge A' })] },
  });
  return calls;
}

const renderPage = () =>
  renderWithStore(
    <>
      <ComplianceSchedulesPage />
      <Notices />
    </>,
    { route: '/admin/compliance-schedules' },
  );
const card = async (key: string) => screen.findByTestId(`task-${key}`);

describe('Compliance schedules page', () => {
  it('lists the tasks by category with interval, kind, basis and the owner’s changes marked', async () => {
    fakeServer([dispenser, measure, gauge]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Fuel dispensers' })).toBeInTheDocument();
    const measureCard = within(await card('measure-reverification'));
    expect(measureCard.getByText('every 1 year')).toBeInTheDocument();
    expect(measureCard.getByText(COMPLIANCE_TEXT.changed('2 years'))).toBeInTheDocument();
    expect(measureCard.getByText('law')).toBeInTheDocument();
    expect(measureCard.getByText('State Legal Metrology (Enforcement) Rules, 2011')).toBeInTheDocument();
    const gaugeCard = within(await card('owner-1a2b3c4d'));
    expect(gaugeCard.getByText('every 90 days')).toBeInTheDocument();
    expect(gaugeCard.getByText(COMPLIANCE_TEXT.ownTask)).toBeInTheDocument();
    expect(gaugeCard.getByText('For Gauge A only')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Air gauges' });
    expect(within(section).getByText('Check gauge A against the master gauge')).toBeInTheDocument();
  });

  it('changes an interval (refusing one out of range first), turns a task off and puts one back', async () => {
    const calls = fakeServer([dispenser, measure, gauge]);
    const user = userEvent.setup();
    renderPage();
    const dispenserCard = within(await card('dispenser-reverification'));
    await user.click(dispenserCard.getByRole('button', { name: /Change interval/ }));
    const count = dispenserCard.getByRole('spinbutton');
    await user.clear(count);
    await user.type(count, '121');
    await user.click(dispenserCard.getByRole('button', { name: 'Save' }));
    expect(dispenserCard.getByText(COMPLIANCE_MESSAGES.months)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(count);
    await user.type(count, '6');
    await user.click(dispenserCard.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/admin/compliance/defaults/dispenser-reverification',
        body: { interval: months(6), disabled: false },
      }),
    );

    await user.click(dispenserCard.getByRole('button', { name: /Turn off/ }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        url: '/api/admin/compliance/defaults/dispenser-reverification',
        body: { interval: null, disabled: true },
      }),
    );

    await user.click(within(await card('measure-reverification')).getByRole('button', { name: /Back to default/ }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        method: 'DELETE',
        url: '/api/admin/compliance/defaults/measure-reverification',
      }),
    );
  });

  it('adds a task for one product, and shows the server’s refusal', async () => {
    const calls = fakeServer([dispenser], {
      post: { status: 400, body: { message: COMPLIANCE_MESSAGES.productNotFound } },
    });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: COMPLIANCE_TEXT.addTitle }));
    await user.click(form.getByRole('button', { name: COMPLIANCE_TEXT.add }));
    expect(form.getByText(COMPLIANCE_MESSAGES.title)).toBeInTheDocument();

    await user.type(form.getByLabelText('Task'), 'Check gauge A against the master gauge');
    await user.selectOptions(form.getByLabelText('Category'), 'air-gauge');
    const count = form.getByRole('spinbutton');
    await user.clear(count);
    await user.type(count, '90');
    await user.selectOptions(form.getByRole('combobox', { name: 'Every: unit' }), 'days');
    await user.type(form.getByLabelText('Find a product'), 'Gauge{Enter}');
    await user.click(await form.findByRole('button', { name: 'Only for Gauge A' }));
    await user.type(form.getByLabelText('Source'), 'IOCL circular');
    await user.type(form.getByLabelText('Clause'), 'para 4');
    await user.click(form.getByRole('button', { name: COMPLIANCE_TEXT.add }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'POST',
        url: '/api/admin/compliance/tasks',
        body: {
          title: 'Check gauge A against the master gauge',
          categoryKey: 'air-gauge',
          productId: gauge.productId,
          interval: { unit: 'days', count: 90 },
          source: 'IOCL circular',
          clause: 'para 4',
          kind: 'practice',
        },
      }),
    );
    expect(await form.findByRole('alert')).toHaveTextContent(COMPLIANCE_MESSAGES.productNotFound);
  });

  it('removes an owner’s task after asking', async () => {
    const calls = fakeServer([gauge]);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await card('owner-1a2b3c4d')).getByRole('button', { name: /Remove/ }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/compliance/tasks/owner-1a2b3c4d' }),
    );
  });
});
