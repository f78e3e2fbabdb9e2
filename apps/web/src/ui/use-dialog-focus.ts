/**
 * Keyboard behaviour of a dialog (the Modal component, the filter panel) and of a popup menu (the
 * navbar's user menu): while open, focus moves into the panel and Escape closes it; on close, focus
 * goes back to where it was (the button that opened it).
 *
 * A modal dialog (the default) also keeps Tab inside, makes the page behind inert (ui/inert.ts)
 * and stops it from scrolling. A
 * popup menu (`modal: false`) does neither: it is a small panel over a page that stays usable, so
 * locking the scroll would make the page jump, and Tab may leave it. It also hands focus back only
 * if focus was still in the menu when it closed: a click on the search box, which closes the menu,
 * must leave the caret in the search box.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { makeAllButInert, makeBackgroundInert } from './inert';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogFocusOptions {
  /** Trap Tab and lock the page's scroll (a dialog). Default true; false for a popup menu. */
  modal?: boolean;
  /**
   * Where focus goes on close, when not the element focused at opening (Safari does not focus a
   * button on click, so a menu's trigger is named here).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /**
   * The panel lives inside the page (a drawer of the layout), not in a portal over it: everything but it is made
   * inert at every level (makeAllButInert), not only <body>'s other children.
   */
  inPage?: boolean;
}

export function useDialogFocus(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  { modal = true, returnFocusTo, inPage = false }: DialogFocusOptions = {},
) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = returnFocusTo?.current ?? (document.activeElement as HTMLElement | null);
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const previousOverflow = document.body.style.overflow;
    if (modal) document.body.style.overflow = 'hidden';
    // The page behind a modal dialog cannot be reached: not by Tab, a click or a screen reader.
    const undoInert = !modal ? () => {} : inPage && panel ? makeAllButInert(panel) : makeBackgroundInert(panel);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (!modal || event.key !== 'Tab' || !panel) return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) return;
      const firstEl = focusable[0]!;
      const lastEl = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === firstEl) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (modal) document.body.style.overflow = previousOverflow;
      undoInert();
      // A closed panel has left the document, so focus that was in it is now on the body.
      const focusLost =
        !document.activeElement || document.activeElement === document.body || panel?.contains(document.activeElement);
      if (modal || focusLost) opener?.focus?.();
    };
  }, [open, panelRef, modal, returnFocusTo, inPage]);
}
