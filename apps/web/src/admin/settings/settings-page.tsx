/**
 * The admin's Settings page (/admin/settings): the store's business details that the footer, the contact
 * page and the tax invoices show (docs/shop-rules.md#store-settings), in one form (store-settings-form.tsx) over
 * GET/PUT /api/settings/store. Until the owner enters them the form starts empty and says so.
 */
import type { ReactNode } from 'react';
import { MESSAGES } from '@pumpkart/shared';
import { isHttpFailure } from '../../api/http';
import { useGetStoreSettingsQuery } from '../../api/shop-api';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { SETTINGS_TEXT, SettingsForm } from './store-settings-form';

export { SETTINGS_TEXT };

export function SettingsPage() {
  const query = useGetStoreSettingsQuery();
  const notFound = isHttpFailure(query.error) && query.error.status === 404;

  let body: ReactNode;
  // One form in one place: after the first save of a new shop it stays the same form (focus and all).
  if (query.data) body = <SettingsForm settings={query.data} />;
  else if (notFound) body = <SettingsForm settings={undefined} />;
  else if (query.isError) {
    body = (
      <div className="space-y-3">
        <ErrorText text={MESSAGES.storeSettingsLoadFailed} />
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Try again
        </button>
      </div>
    );
  } else body = <LoadingText text="Loading settings..." />;

  return (
    <div>
      <PageHeader title={SETTINGS_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-2xl text-sm text-slate-600">{SETTINGS_TEXT.intro}</p>
      {body}
    </div>
  );
}
