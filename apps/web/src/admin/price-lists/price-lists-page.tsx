/**
 * The owner's Price lists page (/admin/price-lists, docs/shop-rules.md#business-prices): the lists, and the chosen
 * (or a new) list's editor: its name, notes and rules (a category's percentage off, a product's or size's fixed
 * price) and the businesses it is assigned to. Over /api/admin/price-lists; the server's refusals show as notices.
 */
import { useState } from 'react';
import { formatDate } from '../lib/format';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { PriceListEditor } from './price-list-editor';
import { useGetPriceListQuery, useGetPriceListsQuery } from './price-lists-api';

export const PRICE_LISTS_TEXT = {
  title: 'Price lists',
  intro:
    'A price list gives the businesses it is assigned to their own prices: a percentage off a category, or a fixed price for a product or one size. The most specific rule wins; quantity breaks (on the product form) apply after it.',
  newList: 'New price list',
  none: 'No price lists yet.',
  failed: 'The price lists could not be loaded.',
} as const;

export function PriceListsPage() {
  const lists = useGetPriceListsQuery();
  // null: a new list; undefined: none chosen.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const detail = useGetPriceListQuery(chosen ?? '', { skip: !chosen });

  return (
    <div className="space-y-4">
      <PageHeader title={PRICE_LISTS_TEXT.title}>
        <button
          type="button"
          onClick={() => setChosen(null)}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {PRICE_LISTS_TEXT.newList}
        </button>
      </PageHeader>
      <p className="max-w-3xl text-sm text-slate-600">{PRICE_LISTS_TEXT.intro}</p>

      {lists.isLoading && <LoadingText text="Loading price lists…" />}
      {lists.isError && <ErrorText text={PRICE_LISTS_TEXT.failed} />}
      {lists.data && lists.data.length === 0 && <p className="text-sm text-slate-600">{PRICE_LISTS_TEXT.none}</p>}
      {lists.data && lists.data.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Price lists">
          {lists.data.map((list) => (
            <li key={list._id}>
              <button
                type="button"
                onClick={() => setChosen(list._id)}
                aria-current={chosen === list._id || undefined}
                className="flex w-full flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-left hover:bg-slate-50 aria-[current]:bg-brand-50"
              >
                <span className="font-medium text-slate-900">{list.name}</span>
                <span className="text-xs text-slate-600">
                  {list.ruleCount} {list.ruleCount === 1 ? 'rule' : 'rules'} · {list.businessCount}{' '}
                  {list.businessCount === 1 ? 'business' : 'businesses'} · edited {formatDate(list.updatedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {chosen === null && (
        <PriceListEditor key="new" list={null} onSaved={(id) => setChosen(id)} onDeleted={() => setChosen(undefined)} />
      )}
      {chosen && detail.isLoading && <LoadingText text="Loading the price list…" />}
      {chosen && detail.data && (
        <PriceListEditor
          key={`${detail.data._id}:${detail.data.updatedAt}`}
          list={detail.data}
          onSaved={(id) => setChosen(id)}
          onDeleted={() => setChosen(undefined)}
        />
      )}
    </div>
  );
}
