/**
 * The order page's Returns (docs/shop-rules.md#returns): until when the buyer may ask, "Return items" opening the
 * form (units of each line, up to what is left; a reason; up to 4 photos), and each return with its status, refund
 * and credit note (shop/orders/order-returns.tsx). Shown for a delivered order, or any order that has returns.
 */
import { useState, type FormEvent } from 'react';
import { formatPrice, MAX_IMAGE_BYTES, MAX_RETURN_PHOTOS, type OrderDto, type OrderReturns } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { OrderReturnsList } from '../../shop/orders/order-returns';
import { useGetOrderReturnsQuery, useRequestReturnMutation } from '../../shop/orders/returns-api';

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
const lastDayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

function ReturnForm({ order, data, onDone }: { order: OrderDto; data: OrderReturns; onDone: () => void }) {
  const notify = useNotify();
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { isLoading }] = useRequestReturnMutation();
  const returnable = data.lines.filter((line) => line.returnable > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = Object.entries(units)
      .filter(([, quantity]) => quantity > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
    if (lines.length === 0) return setProblem('Choose at least one item and how many units to return.');
    if (reason.trim().length < 3) return setProblem('Say why you are returning the items.');
    setProblem(null);
    try {
      const answer = await send({ orderId: order._id, request: { lines, reason: reason.trim() }, photos }).unwrap();
      notify(answer.message ?? 'Your return request has been sent to the shop.', 'success');
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The return could not be sent. Please try again.'));
    }
  };

  const choosePhotos = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length > MAX_RETURN_PHOTOS) return setProblem(`At most ${MAX_RETURN_PHOTOS} photos.`);
    const tooBig = chosen.find((file) => file.size > MAX_IMAGE_BYTES);
    if (tooBig) return setProblem(`"${tooBig.name}" is larger than 5 MB.`);
    setProblem(null);
    setPhotos(chosen);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-lg border border-slate-200 p-3"
      aria-label="Return items"
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Items to return</legend>
        {returnable.map((line) => (
          <label
            key={line.orderItemId}
            className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800"
          >
            <span>
              {line.title}
              {line.size ? ` (${line.size})` : ''}
              <span className="text-slate-500">{` · ${formatPrice(line.unitPrice)} · up to ${line.returnable}`}</span>
            </span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={line.returnable}
              value={units[line.orderItemId] ?? 0}
              onChange={(event) =>
                setUnits({
                  ...units,
                  [line.orderItemId]: Math.max(
                    0,
                    Math.min(line.returnable, Math.floor(Number(event.target.value) || 0)),
                  ),
                })
              }
              aria-label={`Units of ${line.title} to return`}
              className="w-20 rounded-md border border-slate-300 px-2 py-1"
            />
          </label>
        ))}
      </fieldset>
      <label className="block text-sm font-medium text-slate-900">
        Reason
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-normal"
        />
      </label>
      <label className="block text-sm font-medium text-slate-900">
        {`Photos (optional, up to ${MAX_RETURN_PHOTOS}, 5 MB each)`}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          onChange={(event) => choosePhotos(event.target.files)}
          className="mt-1 block w-full text-sm font-normal"
        />
      </label>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <button
        type="submit"
        disabled={isLoading}
        className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {isLoading ? 'Sending…' : 'Send return request'}
      </button>
    </form>
  );
}

export function OrderReturnsSection({ order }: { order: OrderDto }) {
  const query = useGetOrderReturnsQuery(order._id, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState(false);
  const data = query.data;
  if (!data || (order.status !== 'delivered' && data.returns.length === 0)) return null;
  return (
    <section
      aria-labelledby="order-returns-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-returns-title" className="text-lg font-semibold text-slate-900">
          Returns
        </h2>
        {data.open && !open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-lg border border-brand-700 px-4 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Return items
          </button>
        )}
      </div>
      {data.lastDay && (
        <p className="text-sm text-slate-700">
          {data.open
            ? `You can ask to return items until ${lastDayText(data.lastDay)}.`
            : `Returns for this order closed on ${lastDayText(data.lastDay)}.`}
        </p>
      )}
      {open && (
        <ReturnForm
          order={order}
          data={data}
          onDone={() => {
            setOpen(false);
            void query.refetch();
          }}
        />
      )}
      <OrderReturnsList orderId={order._id} data={data} />
    </section>
  );
}
