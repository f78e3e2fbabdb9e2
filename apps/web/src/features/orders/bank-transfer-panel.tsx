/**
 * "Pay by bank transfer" on the buyer's page of a bank-transfer order (docs/shop-rules.md#bank-transfer): the terms
 * (the advance, the balance before dispatch), what was received, the amount due now, the store's bank details, the
 * transfers with their status, and the form to record a transfer while something is due; or "Pay ₹X online" for the
 * amount due, unless a recorded transfer waits for the shop (the server refuses it then: it may cover the amount).
 */
import { formatPrice, type OrderDto } from '@pumpkart/shared';
import { LoadFailed } from '../../ui/page-states';
import { useGetOrderTransfersQuery } from '../../shop/payment/bank-api';
import { BankDetailsList, TermsSummary, TransferList } from '../../shop/payment/bank-parts';
import { RecordTransferForm } from './bank-transfer-form';
import { PayInstalmentOnline } from './pay-instalment-online';

export function BankTransferPanel({ order }: { order: OrderDto }) {
  const query = useGetOrderTransfersQuery(order._id);
  const terms = query.data;
  const open = order.status !== 'cancelled';
  const waiting = terms?.transfers.some((transfer) => transfer.status === 'recorded') ?? false;

  return (
    <section
      aria-labelledby="bank-transfer-title"
      className="space-y-4 rounded-xl border border-brand-200 bg-white p-4 sm:p-5"
    >
      <h2 id="bank-transfer-title" className="text-lg font-semibold text-slate-900">
        Pay by bank transfer
      </h2>
      {query.isError && !terms ? (
        <LoadFailed message="The bank transfer details could not be loaded." onRetry={() => void query.refetch()} />
      ) : !terms ? (
        <p className="text-sm text-slate-600">Loading the bank transfer details...</p>
      ) : (
        <>
          <TermsSummary terms={terms} total={order.total} />
          {open && terms.dueNow > 0 && (
            <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3">
              <p className="text-sm font-medium text-amber-900">
                {`Transfer ${formatPrice(terms.dueNow)} by NEFT, RTGS or IMPS to the account below, then record its UTR here.`}
                {waiting && ' Transfers waiting for confirmation are counted once the shop confirms them.'}
              </p>
              {!waiting && (
                <PayInstalmentOnline order={order} amountDue={terms.dueNow} onDone={() => void query.refetch()} />
              )}
            </div>
          )}
          {terms.bank && open && terms.dueNow > 0 && (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">The shop’s bank account</h3>
              <BankDetailsList bank={terms.bank} />
            </div>
          )}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">Your transfers</h3>
            <TransferList transfers={terms.transfers} />
          </div>
          {open && terms.dueNow > 0 && (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">Record a transfer</h3>
              <RecordTransferForm key={terms.dueNow} orderId={order._id} dueNow={terms.dueNow} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
