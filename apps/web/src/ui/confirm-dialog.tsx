/**
 * A question the reader answers before something happens (cancel an order, delete a product): an
 * accessible modal (ui/modal.tsx) in place of the browser's confirm box. `useConfirm`
 * gives an `ask` that resolves true on the confirming button and false on the other, Escape or
 * the backdrop, and the element to render.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

export interface ConfirmOptions {
  title: string;
  /** The question, in full. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirming button, for what cannot be undone. */
  destructive?: boolean;
}

export function useConfirm() {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback((options: ConfirmOptions) => {
    resolveRef.current?.(false);
    setAsked(options);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setAsked(null);
  };

  const dialog = (
    <Modal open={asked !== null} onClose={() => answer(false)} title={asked?.title ?? ''} size="sm">
      {asked && (
        <div className="space-y-5">
          <div className="text-slate-700">{asked.message}</div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              data-autofocus
              onClick={() => answer(false)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
            >
              {asked.cancelLabel ?? 'Keep it'}
            </button>
            <button
              type="button"
              onClick={() => answer(true)}
              className={`rounded-lg px-4 py-2 font-semibold text-white ${
                asked.destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-blue-700 hover:bg-blue-800'
              }`}
            >
              {asked.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );

  return { ask, dialog };
}
