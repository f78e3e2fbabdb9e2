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

/**
 * Makes everything but `panel` inert when the panel lives inside the page rather than over it (the admin's phone
 * menu, a drawer in the layout): at each level from the panel up to <body>, the siblings of the panel's branch,
 * except those marked `data-keep-active`. Returns the undo, as makeBackgroundInert does.
 */
export function makeAllButInert(panel: Element): () => void {
  const made: HTMLElement[] = [];
  for (let branch: Element = panel; branch.parentElement; branch = branch.parentElement) {
    for (const sibling of Array.from(branch.parentElement.children)) {
      if (sibling === branch || !(sibling instanceof HTMLElement)) continue;
      if (sibling.inert || sibling.hasAttribute(KEEP_ACTIVE_ATTRIBUTE)) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      sibling.inert = true;
      made.push(sibling);
    }
    if (branch.parentElement === document.body) break;
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}
