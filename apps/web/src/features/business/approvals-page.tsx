/**
 * Approvals (docs/shop-rules.md#business-accounts): the business's orders above its approval limit waiting for a
 * decision, oldest first, for its approvers and admin. Approve lets the order be paid and processed; Reject
 * cancels it (its stock returns).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, orderNumber, type OrderDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { orderPath, paths } from '../../config/paths';
import { useConfirm } from '../../ui/confirm-dialog';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { formatAddress } from '../../lib/address';
import { useDecideOrderMutation, useGetApprovalsQuery } from '../../shop/business/business-api';
import { card, dangerButton, primaryButton } from './business-ui';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function ApprovalsPage() {
  const { data: orders, isLoading, isError, error, refetch } = useGetApprovalsQuery();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  let list;
  if (isLoading) list = <ListSkeleton label="Loading the orders waiting for approval" />;
  else if (isError || !orders)
    list = (
      <LoadFailed
        message={errorMessage(error, 'Could not load the orders waiting for approval.')}
        onRetry={() => void refetch()}
      />
    );
  else if (orders.length === 0) list = <EmptyState message="No order is waiting for approval." />;
  else
    list = (
      <div className="space-y-4">
        {orders.map((order) => (
          <ApprovalCard key={order._id} order={order} onDecided={setOutcome} />
        ))}
      </div>
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Orders waiting for approval</h1>
        <Link to={paths.business} className="font-medium text-brand-700 underline hover:text-brand-800">
          Back to the business
        </Link>
      </div>
      <FormOutcomeMessage outcome={outcome} />
      {list}
    </div>
  );
}

function ApprovalCard({ order, onDecided }: { order: OrderDto; onDecided: (outcome: FormOutcome) => void }) {
  const [decide, { isLoading }] = useDecideOrderMutation();
  const number = orderNumber(order._id);
  const { ask, dialog } = useConfirm();

  const run = async (action: 'approve' | 'reject') => {
    if (
      action === 'reject' &&
      !(await ask({
        title: 'Reject order',
        message: `Reject Order #${number}? It is cancelled and its stock returns.`,
        confirmLabel: 'Reject order',
        destructive: true,
      }))
    )
      return;
    try {
      await decide({ id: order._id, action }).unwrap();
      onDecided({
        ok: true,
        text: `Order #${number} ${action === 'approve' ? 'approved' : 'rejected and cancelled'}.`,
      });
    } catch (error) {
      onDecided({ ok: false, text: errorMessage(error, 'Could not save the decision.') });
    }
  };

  return (
    <article aria-labelledby={`approval-${order._id}`} className={card} data-testid="approval-card">
      {dialog}
      <header className="flex flex-wrap items-start justify-between gap-3 pb-3">
        <div>
          <h2 id={`approval-${order._id}`} className="text-lg font-semibold text-slate-900">
            <Link to={orderPath(order._id)} className="hover:underline">
              Order #{number}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            Placed by {order.user.name} on{' '}
            <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </p>
        </div>
        <p className="text-lg font-semibold text-slate-900 tabular-nums">{formatPrice(order.total)}</p>
      </header>
      <ul className="divide-y divide-slate-100 border-y border-slate-100 text-sm">
        {order.items.map((item) => (
          <li key={item._id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words text-slate-900">
              {item.title || item.product?.title || 'Product'} × {item.quantity}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 text-sm">
          <h3 className="font-medium text-slate-900">Deliver to</h3>
          <p className="break-words text-slate-700">{order.address ? formatAddress(order.address) : '—'}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" disabled={isLoading} className={dangerButton} onClick={() => void run('reject')}>
            Reject<span className="sr-only"> Order #{number}</span>
          </button>
          <button type="button" disabled={isLoading} className={primaryButton} onClick={() => void run('approve')}>
            Approve<span className="sr-only"> Order #{number}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
