import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_MESSAGES, type ScheduleTaskDto } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { rawProduct } from '../test-data';
import { ProductsPage } from './products-page';

beforeEach(() => loginAs('admin'));
afterEach(() => vi.unstubAllGlobals());

const months = (count: number) => ({ unit: 'months' as const, count });
const refill: ScheduleTaskDto = {
  key: 'extinguisher-refill-dry-powder',
  title: 'Refill extinguisher (dry powder ABC/BC)',
  categoryKey: 'fire-extinguisher',
  productId: null,
  productTitle: null,
  extinguisherTypes: ['dry-powder'],
  endOfLife: false,
  origin: 'default',
  basis: { source: 'IS 2190:2010', clause: 'refilling', kind: 'standard', checked: 'secondary' },
  interval: months(36),
  defaultInterval: months(36),
  override: null,
  disabled: false,
};
const inspection: ScheduleTaskDto = { ...refill, key: 'extinguisher-inspection', title: 'Inspect extinguisher' };

function formEntries(init: RequestInit | undefined): [string, string][] {
  return [...(init!.body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : value.name,
  ]);
}

async function renderPage(extra: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({
    'GET /api/products/admin/all': { body: [rawProduct('p1', { title: 'Fuel Dispenser Nozzle' })] },
    'GET /api/admin/compliance/schedule': { body: { tasks: [inspection, refill] } },
    ...extra,
  });
  renderWithStore(<ProductsPage />, { route: '/admin/products' });
  await screen.findByRole('article', { name: 'Fuel Dispenser Nozzle' });
  return userEvent.setup();
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText(name);

describe('Admin product form: kind and tasks', () => {
  it('makes a service: the code field becomes the SAC code, the ticked tasks are sent by key', async () => {
    let sent: [string, string][] = [];
    const user = await renderPage({
      'POST /api/products': (init) => {
        sent = formEntries(init);
        return { status: 201, body: rawProduct('p9', { title: 'Refill', kind: 'service' }) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Refill');
    expect(field('HSN code')).toBeInTheDocument();
    await user.selectOptions(field('Kind'), 'service');
    expect(
      within(field('Kind'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Goods', 'Service', 'Annual maintenance contract']);
    await user.click(await within(dialog()).findByRole('checkbox', { name: /Refill extinguisher \(dry powder/ }));

    // Goods' code is refused for a service before anything is sent.
    await user.type(field('SAC code'), '84241000');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    expect(await within(dialog()).findAllByText(SERVICE_MESSAGES.sacCodeFormat)).not.toHaveLength(0);
    expect(sent).toEqual([]);

    await user.clear(field('SAC code'));
    await user.type(field('SAC code'), '998719');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual(
      expect.arrayContaining([
        ['hsnCode', '998719'],
        ['kind', 'service'],
        ['taskKeys', 'extinguisher-refill-dry-powder'],
      ]),
    );
  });

  it('makes an AMC with its visits a year, a field only an AMC shows', async () => {
    let sent: [string, string][] = [];
    const user = await renderPage({
      'POST /api/products': (init) => {
        sent = formEntries(init);
        return { status: 201, body: rawProduct('p8', { title: 'AMC', kind: 'amc', amcVisitsPerYear: 2 }) };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.type(field('Title'), 'Fire safety AMC');
    expect(within(dialog()).queryByLabelText('Visits a year')).not.toBeInTheDocument();
    await user.selectOptions(field('Kind'), 'amc');
    expect(field('Visits a year')).toHaveValue('4');
    await user.selectOptions(field('Visits a year'), '2');
    await user.type(field('SAC code'), '998719');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual(
      expect.arrayContaining([
        ['kind', 'amc'],
        ['amcVisitsPerYear', '2'],
      ]),
    );
  });
});
