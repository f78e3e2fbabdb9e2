import type { AuditEventDto } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { History, HISTORY_TEXT } from './history';
import { auditValue } from './history-view';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ORDER_ID = '3f2c1a00-0000-4000-8000-00000000abcd';

function auditEvent(overrides: Partial<AuditEventDto> = {}): AuditEventDto {
  return {
    _id: `event-${Math.random().toString(36).slice(2)}`,
    // 09:00 UTC is 02:30 pm in India.
    at: '2026-06-05T09:00:00.000Z',
    actor: { _id: '11111111-1111-4111-8111-111111111111', email: 'owner@pumpkart.test' },
    kind: 'order.status_changed',
    entityType: 'order',
    entityId: ORDER_ID,
    summary: 'Status: processing → shipped',
    changes: {
      status: { before: 'processing', after: 'shipped' },
      courier: { before: null, after: 'Blue Dart' },
    },
    ...overrides,
  };
}

describe('History section', () => {
  it("lists the thing's changes newest first: time in India, who, what, and each field before → after", async () => {
    const refund = auditEvent({
      at: '2026-06-06T04:30:00.000Z',
      kind: 'order.refund_issued',
      actor: { _id: null, email: null },
      summary: 'Refund of ₹1,590.00 issued through the payment gateway',
      changes: { refund: { before: null, after: 1590 }, refundMode: { before: null, after: 'online' } },
    });
    const fetchMock = mockFetch({
      'GET /api/admin/audit': { body: { data: [refund, auditEvent()], total: 2 } },
    });
    renderWithStore(<History entityType="order" entityId={ORDER_ID} />);
    expect(screen.getByText(HISTORY_TEXT.loading)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'History' });
    const items = await within(section).findAllByRole('listitem');
    const entries = within(section).getAllByRole('list')[0]!.children;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('06 Jun 2026, 10:00 am');
    expect(entries[0]).toHaveTextContent('System');
    expect(entries[0]).toHaveTextContent('Refund of ₹1,590.00 issued through the payment gateway');
    expect(entries[0]).toHaveTextContent('Refund: — → ₹1,590.00');
    expect(entries[0]).toHaveTextContent('Refunded through: — → online');
    expect(entries[1]).toHaveTextContent('05 Jun 2026, 02:30 pm');
    expect(entries[1]).toHaveTextContent('owner@pumpkart.test');
    expect(entries[1]).toHaveTextContent('Status: Processing → Shipped');
    expect(entries[1]).toHaveTextContent('Courier: — → Blue Dart');
    // Each change once: the summary says the status, so the lines under it do not repeat it.
    expect(entries[1]!.textContent!.match(/Status:/g)).toHaveLength(1);
    expect(items.length).toBeGreaterThan(2);
    const [call] = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(Object.fromEntries(call!.searchParams)).toEqual({ entityType: 'order', entityId: ORDER_ID, limit: '10' });
  });

  it("shows a move back's reason as a note under its summary", async () => {
    const movedBack = auditEvent({
      summary: 'Status: Delivered → Pending (moved back)',
      changes: {
        status: { before: 'delivered', after: 'pending' },
        reason: { before: null, after: 'Marked delivered by mistake' },
      },
    });
    mockFetch({ 'GET /api/admin/audit': { body: { data: [movedBack], total: 1 } } });
    renderWithStore(<History entityType="order" entityId={ORDER_ID} />);
    const section = screen.getByRole('region', { name: 'History' });
    await within(section).findAllByRole('listitem');
    const entry = within(section).getAllByRole('list')[0]!.children[0]!;
    expect(entry).toHaveTextContent('Status: Delivered → Pending (moved back)');
    expect(entry).toHaveTextContent('Reason: Marked delivered by mistake');
    expect(entry.textContent!.match(/Status:/g)).toHaveLength(1);
  });

  it('says when nothing was recorded, and when it failed to load', async () => {
    mockFetch({ 'GET /api/admin/audit': { body: { data: [], total: 0 } } });
    const { unmount } = renderWithStore(<History entityType="product" entityId="p-1" />);
    expect(await screen.findByText(HISTORY_TEXT.empty)).toBeInTheDocument();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/admin/audit': { status: 500, body: { message: 'boom' } } });
    renderWithStore(<History entityType="product" entityId="p-1" />);
    expect(await screen.findByText(HISTORY_TEXT.failed)).toBeInTheDocument();
  });

  it('links to the Activity page for the rest when there are more than it shows', async () => {
    const events = Array.from({ length: 10 }, () => auditEvent());
    mockFetch({ 'GET /api/admin/audit': { body: { data: events, total: 14 } } });
    renderWithStore(<History entityType="order" entityId={ORDER_ID} />);
    expect(await screen.findByText(HISTORY_TEXT.more(10, 14), { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HISTORY_TEXT.all })).toHaveAttribute(
      'href',
      `/admin/activity?entityType=order&entityId=${ORDER_ID}`,
    );
  });
});

describe('auditValue', () => {
  it('shows none as a dash, flags as Yes/No, amounts in rupees and cuts long text', () => {
    expect(auditValue('title', null)).toBe('—');
    expect(auditValue('title', '')).toBe('—');
    expect(auditValue('active', true)).toBe('Yes');
    expect(auditValue('active', false)).toBe('No');
    expect(auditValue('price', 1250.5)).toBe('₹1,250.50');
    expect(auditValue('stock', 7)).toBe('7');
    expect(auditValue('description', 'x'.repeat(200))).toBe(`${'x'.repeat(120)}…`);
  });
});
