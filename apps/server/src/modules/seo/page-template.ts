/**
 * The built web app's index.html as the template of the pages the server writes a head for
 * (docs/shop-rules.md#seo): read once when the server starts, its own `<title>` and meta description taken
 * out, and cut where they stood, so that a page is the two halves with that page's head between them.
 * Beside it, the page shells the web build rendered from the app's components (apps/web/src/shell/page-shells.tsx):
 * the home page's and a category page's first screen, put into `<div id="root">` so that those pages paint before
 * their JavaScript has run, and the page they go into: index.html whose scripts start once the shell has painted
 * (docs/decisions/0016-storefront-weight.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeMarkup } from '../../lib/markup';

/** Written by the web build beside index.html (apps/web/vite.config.ts). */
export const PAGE_SHELLS_FILE = 'page-shells.json';
/** Where the category's name goes in its shell (apps/web/src/shell/page-shells.tsx). */
export const CATEGORY_PLACEHOLDER = '%%PUMPKART_CATEGORY%%';

export interface PageShells {
  /** index.html as a page with a shell has it (its scripts start after the paint). */
  page: string;
  home: string;
  category: string;
}

export interface PageTemplate {
  /** The template's own `<title>` and meta description (every page without a head of its own). */
  readonly defaultHead: string;
  /** The whole page with `head` where the template's title and description were, and `shell` in the app's root. */
  render(head: string, shell?: string): string;
  /** The home page's shell; undefined without a web build that wrote them. */
  readonly homeShell?: string;
  /** A category page's shell, with its name in it; undefined without a web build that wrote them. */
  categoryShell?(category: string): string;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const META_DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const EMPTY_ROOT = '<div id="root"></div>';
/** Between the head's tags, as index.html indents them. */
export const INDENT = '\n    ';

interface Halves {
  defaultHead: string;
  before: string;
  after: string;
}

/** An index.html cut where its title and description stood. */
function halvesOf(html: string): Halves {
  const title = TITLE.exec(html)?.[0] ?? '';
  const description = META_DESCRIPTION.exec(html)?.[0] ?? '';
  const withoutDescription = html.replace(META_DESCRIPTION, '');
  const at = title ? withoutDescription.search(TITLE) : withoutDescription.search(/<\/head>/i);
  const cut = at < 0 ? withoutDescription.length : at;
  return {
    defaultHead: [description, title]
      .map((tag) => tag.trim())
      .filter(Boolean)
      .join(INDENT),
    before: withoutDescription.slice(0, cut),
    after: withoutDescription.slice(cut + title.length),
  };
}

/** A template from the text of an index.html, and the page shells when the build wrote them. */
export function pageTemplateOf(html: string, shells?: PageShells): PageTemplate {
  const plain = halvesOf(html);
  // A shell goes between the root's tags of the shells' own page; a page without an empty root gets none.
  const shellPage = shells && halvesOf(shells.page);
  const rootAt = shellPage ? shellPage.after.indexOf(EMPTY_ROOT) : -1;
  const usable = shells && shellPage && rootAt >= 0 ? { ...shells, ...shellPage } : undefined;
  const withShell = (shell: string, { before, after }: Halves, head: string) =>
    `${before}${head}${INDENT}${after.slice(0, rootAt)}<div id="root">${shell}</div>${after.slice(rootAt + EMPTY_ROOT.length)}`;
  return {
    defaultHead: plain.defaultHead,
    render: (head, shell) =>
      shell && usable ? withShell(shell, usable, head) : `${plain.before}${head}${INDENT}${plain.after}`,
    homeShell: usable?.home,
    categoryShell: usable
      ? (category) => usable.category.replaceAll(CATEGORY_PLACEHOLDER, () => escapeMarkup(category))
      : undefined,
  };
}

function readShells(file: string): PageShells | undefined {
  if (!existsSync(file)) return undefined;
  const shells = JSON.parse(readFileSync(file, 'utf8')) as Partial<PageShells>;
  return typeof shells.page === 'string' && typeof shells.home === 'string' && typeof shells.category === 'string'
    ? { page: shells.page, home: shells.home, category: shells.category }
    : undefined;
}

/** The template of the web app built into `webDist`, or undefined when there is none (an API-only server). */
export function loadPageTemplate(webDist: string): PageTemplate | undefined {
  const file = webDist ? path.join(webDist, 'index.html') : '';
  return file && existsSync(file)
    ? pageTemplateOf(readFileSync(file, 'utf8'), readShells(path.join(webDist, PAGE_SHELLS_FILE)))
    : undefined;
}
