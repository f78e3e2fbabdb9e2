/**
 * The page's notifications (store/notices-slice.ts): a polite live region for successes and
 * information and an assertive one for failures, both always in the document (a live region added
 * together with its text is not read out). Rendered beside the app, not in it, so that it stays
 * readable and closable while a dialog makes the page behind it inert.
 * Successes and information close themselves after NOTICE_TIMEOUT_MS; failures stay until closed.
 */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { noticeDismissed, type Notice } from '../../store/notices-slice';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/inert';

export const NOTICE_TIMEOUT_MS = 8000;

const TONE_STYLES: Record<Notice['tone'], string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-slate-300 bg-white text-slate-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

function NoticeItem({ notice }: { notice: Notice }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (notice.tone === 'error') return;
    const timer = setTimeout(() => dispatch(noticeDismissed(notice.id)), NOTICE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice]);

  return (
    <div
      data-testid="notice"
      data-tone={notice.tone}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONE_STYLES[notice.tone]}`}
    >
      <p className="min-w-0 flex-1 break-words font-medium">{notice.text}</p>
      <button
        type="button"
        onClick={() => dispatch(noticeDismissed(notice.id))}
        aria-label="Dismiss notification"
        className="-m-1 shrink-0 rounded p-1 leading-none opacity-70 hover:opacity-100"
      >
        <span aria-hidden="true" className="text-lg">
          ×
        </span>
      </button>
    </div>
  );
}

export function Notices() {
  const notices = useAppSelector((state) => state.notices);
  const polite = notices.filter((notice) => notice.tone !== 'error');
  const urgent = notices.filter((notice) => notice.tone === 'error');
  // The page shells are rendered without a document (shell/page-shells.tsx); the regions join at the app's start.
  if (typeof document === 'undefined') return null;

  // Never over the navbar's Cart and Login (or the user menu): at the bottom of a phone's screen, and under the
  // navbar's one row on a wider screen.
  return createPortal(
    <div
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
      className="pointer-events-none fixed inset-x-0 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-[2147483647] mx-auto flex w-full max-w-md flex-col gap-2 px-3 sm:bottom-auto sm:left-auto sm:right-4 sm:top-16"
    >
      <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
        {urgent.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {polite.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </div>
    </div>,
    document.body,
  );
}
