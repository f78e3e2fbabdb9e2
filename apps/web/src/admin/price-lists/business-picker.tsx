/** The businesses a price list is assigned to, picked by legal name (docs/shop-rules.md#business-prices). */
import { useState } from 'react';
import type { PriceListDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { useAssignPriceListMutation, useGetPriceListBusinessesQuery } from './price-lists-api';

export function BusinessPicker({ list }: { list: PriceListDto }) {
  const businesses = useGetPriceListBusinessesQuery();
  const [assign, assigning] = useAssignPriceListMutation();
  const notify = useNotify();
  const [picked, setPicked] = useState(() => new Set(list.businessIds));
  const [filter, setFilter] = useState('');
  const shown = (businesses.data ?? []).filter((b) => b.legalName.toLowerCase().includes(filter.trim().toLowerCase()));

  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSave = async () => {
    try {
      await assign({ id: list._id, businessIds: [...picked] }).unwrap();
      notify('The businesses of this price list were saved.', 'success');
    } catch (failure) {
      notify(errorMessage(failure, 'The businesses could not be saved.'), 'error');
    }
  };

  return (
    <fieldset className="space-y-2 border-t border-slate-200 pt-4">
      <legend className="font-medium text-slate-900">Businesses buying at this list</legend>
      <input
        type="search"
        aria-label="Filter businesses by legal name"
        placeholder="Filter by legal name"
        className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {businesses.data && businesses.data.length === 0 && <p className="text-sm text-slate-600">No businesses yet.</p>}
      <ul className="max-h-64 space-y-1 overflow-y-auto">
        {shown.map((business) => (
          <li key={business._id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={picked.has(business._id)}
                onChange={() => toggle(business._id)}
              />
              {business.legalName}
              {business.priceListId && business.priceListId !== list._id && (
                <span className="text-xs text-amber-700">(has another list: picking moves it here)</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onSave}
        disabled={assigning.isLoading}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {assigning.isLoading ? 'Saving…' : 'Save businesses'}
      </button>
    </fieldset>
  );
}
