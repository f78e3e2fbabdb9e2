/** A customer's detail (docs/shop-rules.md#customers-page): figures, people, outlets and the 10 latest orders. */
import type { CustomerDto } from '@pumpkart/shared';
import { Modal } from '../../ui/modal';
import { formatDate, orDash, rupees, shortId } from '../lib/format';
import { ErrorText, LoadingText } from '../ui/page-header';
import { useGetCustomerQuery } from './customers-api';
import { priceListText } from './customer-text';

const ROLE_TEXT: Record<string, string> = { admin: 'Admin', approver: 'Approver', buyer: 'Buyer', viewer: 'Viewer' };

export function CustomerDetailModal({ customer, onClose }: { customer: CustomerDto; onClose: () => void }) {
  const { data, isError } = useGetCustomerQuery({ kind: customer.kind, id: customer._id });
  return (
    <Modal open onClose={onClose} title={customer.name} size="lg">
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {[
          ['Kind', customer.kind === 'business' ? 'Business' : 'Person'],
          ['GSTIN', orDash(customer.gstin)],
          ['Price list', priceListText(customer)],
          ['Open quotes', String(customer.quotes)],
          ['Orders', String(customer.orders)],
          ['Last order', customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'],
          ['Spent', rupees(customer.spent)],
          ['Owes', rupees(customer.owes)],
          ['Customer since', formatDate(customer.createdAt)],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {isError && <ErrorText text="Could not load this customer." />}
      {!data && !isError && <LoadingText text="Loading the customer..." />}
      {data && (
        <div className="space-y-4 text-sm">
          <section aria-labelledby="customer-people">
            <h3 id="customer-people" className="mb-1 font-semibold text-slate-900">
              People
            </h3>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {data.people.map((person) => (
                <li key={person._id} className="flex flex-wrap gap-x-3 p-2">
                  <span className="font-medium text-slate-900">{person.name}</span>
                  <span className="break-all text-slate-700">{person.email}</span>
                  <span className="text-slate-700">{person.phone}</span>
                  {person.role && <span className="text-slate-700">{ROLE_TEXT[person.role] ?? person.role}</span>}
                </li>
              ))}
            </ul>
          </section>
          {customer.kind === 'business' && (
            <section aria-labelledby="customer-outlets">
              <h3 id="customer-outlets" className="mb-1 font-semibold text-slate-900">
                Outlets
              </h3>
              {data.outlets.length === 0 ? (
                <p className="text-slate-700">No outlets yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {data.outlets.map((outlet) => (
                    <li key={outlet._id} className="flex flex-wrap gap-x-3 p-2">
                      <span className="font-medium text-slate-900">{outlet.name}</span>
                      <span className="text-slate-700">{outlet.brand}</span>
                      <span className="text-slate-700">{orDash(outlet.dealerCode)}</span>
                      <span className="text-slate-700">{outlet.city}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <section aria-labelledby="customer-orders">
            <h3 id="customer-orders" className="mb-1 font-semibold text-slate-900">
              Recent orders
            </h3>
            {data.recentOrders.length === 0 ? (
              <p className="text-slate-700">No orders yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {data.recentOrders.map((order) => (
                  <li key={order._id} className="flex flex-wrap gap-x-3 p-2">
                    <span className="font-mono">#{shortId(order._id)}</span>
                    <span className="text-slate-700">{formatDate(order.createdAt)}</span>
                    <span className="text-slate-700">{order.buyerName}</span>
                    <span className="text-slate-700">
                      {order.status}, payment {order.paymentStatus}
                    </span>
                    <span className="ml-auto font-medium text-slate-900">{rupees(order.total)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
