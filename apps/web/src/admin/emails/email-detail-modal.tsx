/**
 * One e-mail as the admin sees it (docs/shop-rules.md#emails): who it went to, its state and attachments, the
 * message itself (the HTML in a sandboxed frame that runs no script and reaches nothing, or the plain text), and
 * Send again for a failed or kept message, which queues it once more and says the server's answer in a notice.
 */
import { MAIL_KIND_LABELS, type MailDetail } from '@pumpkart/shared';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/http';
import { useGetAdminEmailQuery, useRetryEmailMutation } from './emails-api';
import { LoadFailed } from '../../ui/page-states';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../store/hooks';
import { formatDateTime, shortId } from '../lib/format';
import { DetailList } from '../ui/detail-list';
import { LoadingText } from '../ui/page-header';
import { canSendAgain } from './email-view';
import { MailStatusBadge } from './mail-status-badge';

export const EMAIL_DETAIL_TEXT = {
  title: 'E-mail',
  loading: 'Loading the e-mail...',
  loadFailed: 'Could not load the e-mail.',
  message: 'Message',
  html: 'HTML',
  text: 'Text',
  preview: 'E-mail preview',
  notRendered: 'Not written yet: the message is written when its first attempt runs.',
  noAttachments: 'None',
  sendAgain: 'Send again',
  sending: 'Queuing...',
  sendFailed: 'Could not queue the e-mail again.',
} as const;

type View = 'html' | 'text';

/** What the message is; its subject is the dialog's title. */
function details(mail: MailDetail): [string, ReactNode][] {
  const items: [string, ReactNode][] = [
    ['To', mail.to],
    ['Kind', MAIL_KIND_LABELS[mail.kind]],
    ['Status', <MailStatusBadge status={mail.status} />],
    ['Attempts', mail.attempts],
    ['Created', formatDateTime(mail.createdAt)],
  ];
  if (mail.sentAt) items.push(['Sent', formatDateTime(mail.sentAt)]);
  if (mail.status === 'pending' && mail.nextAttemptAt) items.push(['Next attempt', formatDateTime(mail.nextAttemptAt)]);
  if (mail.lastError) items.push(['Last error', <span className="text-red-800">{mail.lastError}</span>]);
  if (mail.orderId) items.push(['Order', <span className="font-mono">{shortId(mail.orderId)}</span>]);
  items.push([
    'Attachments',
    mail.attachments.length === 0 ? (
      EMAIL_DETAIL_TEXT.noAttachments
    ) : (
      <ul className="list-inside list-disc">
        {mail.attachments.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    ),
  ]);
  return items;
}

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const option = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`px-3 py-1.5 text-sm font-medium first:rounded-l-lg last:rounded-r-lg ${
        view === value ? 'bg-slate-800 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show the message as" className="inline-flex rounded-lg border border-slate-300">
      {option('html', EMAIL_DETAIL_TEXT.html)}
      {option('text', EMAIL_DETAIL_TEXT.text)}
    </div>
  );
}

/** The message as the recipient reads it: the HTML (no scripts, no same-origin access) or the plain text. */
function MessageBody({ mail }: { mail: MailDetail }) {
  const [view, setView] = useState<View>('html');
  const content = view === 'html' ? mail.html : mail.text;
  return (
    <section aria-labelledby="email-message-heading" className="mt-5 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="email-message-heading" className="text-base font-semibold text-slate-800">
          {EMAIL_DETAIL_TEXT.message}
        </h3>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {content === null ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {EMAIL_DETAIL_TEXT.notRendered}
        </p>
      ) : view === 'html' ? (
        <iframe
          title={EMAIL_DETAIL_TEXT.preview}
          sandbox=""
          srcDoc={content}
          className="h-[36rem] max-h-[70vh] w-full rounded-lg border border-slate-200 bg-white"
        />
      ) : (
        <pre
          tabIndex={0}
          aria-label={`${EMAIL_DETAIL_TEXT.preview} (text)`}
          className="max-h-[70vh] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
        >
          {content}
        </pre>
      )}
    </section>
  );
}

function SendAgain({ mail }: { mail: MailDetail }) {
  const [retry, { isLoading }] = useRetryEmailMutation();
  const notify = useNotify();

  const sendAgain = async () => {
    try {
      const answer = await retry(mail._id).unwrap();
      notify(answer.message, 'success');
    } catch (error) {
      notify(errorMessage(error, EMAIL_DETAIL_TEXT.sendFailed), 'error');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void sendAgain()}
      disabled={isLoading}
      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-60"
    >
      {isLoading ? EMAIL_DETAIL_TEXT.sending : EMAIL_DETAIL_TEXT.sendAgain}
    </button>
  );
}

export function EmailDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useGetAdminEmailQuery(id);
  const mail = query.data;

  let body: ReactNode;
  if (mail) {
    body = (
      <>
        <DetailList items={details(mail)} />
        {canSendAgain(mail.status) && (
          <div className="mt-4">
            <SendAgain mail={mail} />
          </div>
        )}
        <MessageBody mail={mail} />
      </>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed
        message={errorMessage(query.error, EMAIL_DETAIL_TEXT.loadFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  } else body = <LoadingText text={EMAIL_DETAIL_TEXT.loading} />;

  return (
    <Modal open onClose={onClose} title={mail?.subject ?? EMAIL_DETAIL_TEXT.title} size="lg">
      {body}
    </Modal>
  );
}
