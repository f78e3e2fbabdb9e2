/**
 * The Orders page's view switch (docs/shop-rules.md#to-ship): *All orders* (the COD and Online tables) or *To ship*
 * (the one queue of paid orders not yet shipped, oldest first), with the queue's count read from a one-row page.
 */
import type { AdminOrderView } from '@pumpkart/shared';
import { useGetAdminOrdersQuery } from './orders-api';
import { totalLabel } from '../ui/use-table-state';
import { TO_SHIP_COUNT_QUERY } from './orders-list-state';

export const ORDER_VIEWS_TEXT = { label: 'Orders view', all: 'All orders', toShip: 'To ship' } as const;

const tabClass = (current: boolean) =>
  `rounded-lg px-4 py-2 text-sm font-medium ${
    current ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
  }`;

export function OrderViews({
  view,
  onView,
}: {
  view: AdminOrderView | '';
  onView: (view: AdminOrderView | '') => void;
}) {
  const count = useGetAdminOrdersQuery(TO_SHIP_COUNT_QUERY).data?.total;
  const views = [
    { value: '', label: ORDER_VIEWS_TEXT.all },
    { value: 'to-ship', label: ORDER_VIEWS_TEXT.toShip, count },
  ] as const;
  return (
    <nav aria-label={ORDER_VIEWS_TEXT.label} className="flex flex-wrap gap-2">
      {views.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-current={view === option.value ? 'page' : undefined}
          onClick={() => view !== option.value && onView(option.value)}
          className={tabClass(view === option.value)}
        >
          {option.label}
          {'count' in option && option.count !== undefined && ` (${totalLabel(option.count)})`}
        </button>
      ))}
    </nav>
  );
}
