/**
 * Makes everything behind a dialog inert (no focus, no clicks, hidden from assistive technology):
 * every child of <body> except the dialog's own and the ones marked `data-keep-active` (the
 * notifications). Returns the undo, which gives back exactly what it took, so nested dialogs
 * unwind in order.
 */
export const KEEP_ACTIVE_ATTRIBUTE = 'data-keep-active';

export function makeBackgroundInert(dialog: Element | null): () => void {
  const made: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement)) continue;
    if (child.inert || child.hasAttribute(KEEP_ACTIVE_ATTRIBUTE) || (dialog && child.contains(dialog))) continue;
    if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue;
    child.inert = true;
    made.push(child);
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}
