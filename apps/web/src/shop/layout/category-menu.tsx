/**
 * The navbar's "Categories" menu: a disclosure button (aria-expanded) that shows a list of links,
 * one per category, to /category/<name>. Nothing navigates until a link is chosen, so the arrow
 * keys on the button never change the page (WCAG 3.2.2 On Input; a select that navigated on change
 * did). Opening moves focus to the first link; the arrow keys, Home and End move between links;
 * Escape, Tab out or a click outside closes it, and Escape hands focus back to the button.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { categoryPath } from '../../config/paths';
import { useDialogFocus } from '../../ui/use-dialog-focus';

export const CATEGORIES_LABEL = 'Categories';

export function CategoryMenu({ categories }: { categories: string[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDialogFocus(open, panelRef, close, { modal: false, returnFocusTo: buttonRef });

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onMouseDown);
    return () => document.removeEventListener('mousedown', onMouseDown);
  }, [open]);

  /** Arrow keys, Home and End move focus between the links; they never follow one. */
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a'));
    if (links.length === 0) return;
    const current = links.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (current + 1) % links.length,
      ArrowUp: (current - 1 + links.length) % links.length,
      Home: 0,
      End: links.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    links[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="relative shrink-0"
      onBlur={(event) => {
        // Tab out of the menu closes it.
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex h-full items-center gap-1 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100"
      >
        {CATEGORIES_LABEL}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          // Focusable by a click only, so that a click on the panel's padding does not close it.
          tabIndex={-1}
          onKeyDown={onPanelKeyDown}
          className="absolute right-0 z-50 mt-2 max-h-[70vh] w-60 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-black/5 focus:outline-none"
        >
          {categories.length === 0 ? (
            <p className="px-4 py-2 text-sm text-slate-600">No categories yet.</p>
          ) : (
            <ul aria-label={CATEGORIES_LABEL}>
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    to={categoryPath(category)}
                    onClick={close}
                    className="block px-4 py-2 text-sm break-words hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
