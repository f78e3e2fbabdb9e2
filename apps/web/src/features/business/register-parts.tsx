/**
 * The pieces of the register page (docs/shop-rules.md#assets): one task line (what, which asset, due and last done,
 * its last note and attachment, and Mark done), one asset's card with its tasks and changes, and the register's
 * tools: the printable PDF and the calendar feed.
 */
import { useState } from 'react';
import {
  COMPLIANCE_CATEGORY_LABELS,
  DUE_STATE_LABELS,
  assetName,
  type RegisterAssetDto,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { saveBlob } from '../../shop/orders/order-documents';
import {
  fetchRecordAttachment,
  fetchRegisterPdf,
  useAttachToRecordMutation,
  useCalendarFeedMutation,
} from '../../shop/business/register-api';
import { useNotify } from '../../store/hooks';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { attachmentError } from './mark-done-form';
import { assetLabel, formatDay } from './register-groups';
import { secondaryButton } from './business-ui';

const STATE_STYLE: Record<RegisterTaskDto['state'], string> = {
  overdue: 'bg-red-100 text-red-800',
  'due-this-month': 'bg-amber-100 text-amber-900',
  'due-next-month': 'bg-sky-100 text-sky-900',
  later: 'bg-slate-100 text-slate-700',
};

export function StateBadge({ state }: { state: RegisterTaskDto['state'] }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[state]}`}>
      {DUE_STATE_LABELS[state]}
    </span>
  );
}

/** Downloads a task record's attachment through the logged-in client. */
function AttachmentLink({ recordId, name }: { recordId: string; name: string }) {
  const notify = useNotify();
  const open = async () => {
    try {
      const { blob, filename } = await fetchRecordAttachment(recordId);
      saveBlob(blob, filename ?? name);
    } catch (error) {
      notify(errorMessage(error, 'Could not download the attachment.'), 'error');
    }
  };
  return (
    <button type="button" onClick={() => void open()} className="break-all text-left text-brand-700 underline">
      {name}
    </button>
  );
}

/** "Attach a file" to the last record of a task when it has none: checked as Mark done's file, then sent. */
function AttachLater({ recordId }: { recordId: string }) {
  const notify = useNotify();
  const [attach, { isLoading }] = useAttachToRecordMutation();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = attachmentError(file);
    if (problem) return notify(problem, 'error');
    try {
      notify((await attach({ recordId, file }).unwrap()).message, 'success');
    } catch (error) {
      notify(errorMessage(error, 'Could not attach the file.'), 'error');
    }
  };
  return (
    <label className="inline-block cursor-pointer text-brand-700 underline">
      {isLoading ? 'Attaching…' : 'Attach a certificate or picture'}
      <input
        type="file"
        className="sr-only"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        disabled={isLoading}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
    </label>
  );
}

/** One task: its title (and asset when `showAsset`), due and last done days, last note and attachment. */
export function TaskLine(props: {
  task: RegisterTaskDto;
  asset: RegisterAssetDto | null;
  showAsset: boolean;
  onMarkDone?: () => void;
}) {
  const { task, asset } = props;
  const record = task.lastRecord;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="font-medium text-slate-900">
          {task.title} <StateBadge state={task.state} />
        </p>
        {props.showAsset && (
          <p className="break-words text-slate-700">{asset ? assetLabel(asset) : 'The outlet’s PESO licence'}</p>
        )}
        <p className="text-slate-700">
          Due <strong>{formatDay(task.dueOn)}</strong>
          {task.interval && <> · every {task.interval}</>} · last done{' '}
          {task.lastDoneOn ? formatDay(task.lastDoneOn) : 'never recorded'}
        </p>
        {record?.note && <p className="break-words text-slate-600">Note: {record.note}</p>}
        {record?.attachment && (
          <p className="text-slate-600">
            Attached: <AttachmentLink recordId={record._id} name={record.attachment.name} />
          </p>
        )}
        {record && !record.attachment && props.onMarkDone && (
          <p>
            <AttachLater recordId={record._id} />
          </p>
        )}
      </div>
      {props.onMarkDone && (
        <button type="button" className={`${secondaryButton} shrink-0 self-start`} onClick={props.onMarkDone}>
          Mark done
          <span className="sr-only">
            : {task.title}
            {asset ? `, ${assetName(asset)}` : ''}
          </span>
        </button>
      )}
    </li>
  );
}

export interface AssetActions {
  markDone: (task: RegisterTaskDto) => void;
  editSerial: () => void;
  move: () => void;
  retire: () => void;
}

export function AssetCard({ asset, actions }: { asset: RegisterAssetDto; actions?: AssetActions }) {
  const name = assetName(asset, { serial: false });
  return (
    <article className="rounded-lg border border-slate-200" aria-label={assetLabel(asset)}>
      <header className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {COMPLIANCE_CATEGORY_LABELS[asset.complianceCategory]}
          </p>
          <h3 className="break-words text-base font-semibold text-slate-900">{name}</h3>
          <p className="text-slate-700">
            Serial {asset.serialNumber ?? <em>not recorded</em>} · installed {formatDay(asset.installedOn)}
            {asset.warrantyEndsOn && <> · warranty to {formatDay(asset.warrantyEndsOn)}</>}
          </p>
        </div>
        {actions && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} onClick={actions.editSerial}>
              Serial number<span className="sr-only"> of {name}</span>
            </button>
            <button type="button" className={secondaryButton} onClick={actions.move}>
              Move<span className="sr-only"> {name}</span>
            </button>
            <button type="button" className={secondaryButton} onClick={actions.retire}>
              Retire<span className="sr-only"> {name}</span>
            </button>
          </div>
        )}
      </header>
      {asset.tasks.length === 0 ? (
        <p className="p-3 text-sm text-slate-600">No compliance task for this equipment.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {asset.tasks.map((task) => (
            <TaskLine
              key={task.key}
              task={task}
              asset={asset}
              showAsset={false}
              onMarkDone={actions ? () => actions.markDone(task) : undefined}
            />
          ))}
        </ul>
      )}
    </article>
  );
}

/** Print register (the PDF) and the calendar feed's URL, with Reset link for those who may change the register. */
export function RegisterTools({ outletId, mayEdit }: { outletId: string; mayEdit: boolean }) {
  const notify = useNotify();
  const [printing, setPrinting] = useState(false);
  const [feed, { isLoading }] = useCalendarFeedMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const print = async () => {
    setPrinting(true);
    try {
      const { blob, filename } = await fetchRegisterPdf(outletId);
      saveBlob(blob, filename ?? 'register.pdf');
    } catch (error) {
      notify(errorMessage(error, 'Could not make the register PDF.'), 'error');
    } finally {
      setPrinting(false);
    }
  };
  const showFeed = async (reset = false) => {
    try {
      const answer = await feed({ outletId, reset }).unwrap();
      setUrl(answer.url);
      setOutcome(answer.message ? { ok: true, text: answer.message } : null);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not get the calendar link.') });
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void print()} disabled={printing}>
          {printing ? 'Making the PDF…' : 'Print register'}
        </button>
        {!url && (
          <button type="button" className={secondaryButton} onClick={() => void showFeed()} disabled={isLoading}>
            Calendar feed
          </button>
        )}
      </div>
      {url && (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="text-slate-700">
            Subscribe to this address in your calendar app (Google Calendar: Other calendars, From URL). Anyone with it
            sees the outlet’s due dates: keep it private.
          </p>
          <input
            readOnly
            aria-label="Calendar feed address"
            value={url}
            onFocus={(event) => event.target.select()}
            className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
          />
          {mayEdit && (
            <button type="button" className={secondaryButton} onClick={() => void showFeed(true)} disabled={isLoading}>
              Reset link
            </button>
          )}
        </div>
      )}
      <FormOutcomeMessage outcome={outcome} />
    </div>
  );
}
