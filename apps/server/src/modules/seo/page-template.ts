/**
 * The built web app's index.html as the template of the pages the server writes a head for
 * (docs/shop-rules.md#seo): read once when the server starts, its own `<title>` and meta description taken
 * out, and cut where they stood, so that a page is the two halves with that page's head between them.
 * Beside it, the page shells the web build rendered from the app's components (apps/web/src/shell/page-shells.tsx):
 * the home page's and a category page's first screen, put into `<div id="root">` so that those pages paint before
 * their JavaScript has run, and the page they go into: index.html whose scripts start once the shell has painted
 * (docs/decisions/0016-storefront-weight.md). A category page's shell with its first page of cards is rendered
 * per category by the same module of the app, bundled for Node by the web build (`.server/page-shells.js`), and its
 * data goes with it for the app's first render (apps/web/src/shell/page-data.ts); so does a product page's first
 * screen with its main picture, as a phone shows it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeMarkup, jsonForScript } from '../../lib/markup';

/** Written by the web build beside index.html (apps/web/vite.config.ts). */
export const PAGE_SHELLS_FILE = 'page-shells.json';
/** Where the category's name goes in its shell (apps/web/src/shell/page-shells.tsx). */
export const CATEGORY_PLACEHOLDER = '%%PUMPKART_CATEGORY%%';
/** The web build's page shells bundled for Node, beside index.html (apps/web/vite.config.ts). */
export const SHELL_RENDERER_FILE = path.join('.server', 'page-shells.js');

/** A category's first page as the app's first render reads it (apps/web/src/shell/page-data.ts). */
export interface CategoryPageData {
  category: string;
  /** As GET /api/products answers them (JSON). */
  items: unknown[];
  total: number;
}

/** A product page's product as the app's first render reads it (apps/web/src/shell/page-data.ts). */
export interface ProductPageData {
  /** As GET /api/products/{id} answers it (JSON). */
  product: unknown;
}

/** The data a page with a shell carries for the app's first render. */
export type PageData = CategoryPageData | ProductPageData;

/** What the server uses of the bundled apps/web/src/shell/page-shells.tsx. */
export interface ShellRenderer {
  /** The query of the category's first page, as the app sends it to GET /api/products. */
  categoryFirstPageQuery(category: string): Record<string, string | number>;
  /** Whether a category page at an address with this `?sort=` opens on that first page. */
  opensOnFirstPage(sort: string | undefined): boolean;
  /** The category page's first screen with that page's cards. */
  renderCategoryPage(data: CategoryPageData): Promise<string>;
  /** A product page's first screen as a phone shows it, with its main picture; absent from older builds. */
  renderProductPage?(data: ProductPageData): Promise<string>;
  /** The id of the data's `<script type="application/json">`. */
  PAGE_DATA_ID: string;
  /** The home page's list state (search, filters, order) in an address's query, canonical; '' for none. */
  homeListingQuery?(query: string): string;
  /** The home page's first screen for that state. */
  renderHomePage?(query: string): Promise<string>;
}

export interface PageShells {
  /** index.html as a page with a shell has it (its scripts start after the paint). */
  page: string;
  home: string;
  category: string;
}

export interface PageTemplate {
  /** The template's own `<title>` and meta description (every page without a head of its own). */
  readonly defaultHead: string;
  /**
   * The whole page with `head` where the template's title and description were, `shell` in the app's root and
   * `data` (with a shell only) as the JSON the app reads before its first render, right after the root.
   */
  render(head: string, shell?: string, data?: PageData): string;
  /** The home page's shell; undefined without a web build that wrote them. */
  readonly homeShell?: string;
  /** A category page's shell, with its name in it; undefined without a web build that wrote them. */
  categoryShell?(category: string): string;
  /** The bundled renderer of category pages with their cards; undefined without one (the skeleton shell then). */
  readonly renderer?: ShellRenderer;
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

/** A template from the text of an index.html, and the page shells and their renderer when the build wrote them. */
export function pageTemplateOf(html: string, shells?: PageShells, renderer?: ShellRenderer): PageTemplate {
  const plain = halvesOf(html);
  // A shell goes between the root's tags of the shells' own page; a page without an empty root gets none.
  const shellPage = shells && halvesOf(shells.page);
  const rootAt = shellPage ? shellPage.after.indexOf(EMPTY_ROOT) : -1;
  const usable = shells && shellPage && rootAt >= 0 ? { ...shells, ...shellPage } : undefined;
  const dataScript = (data: PageData | undefined) =>
    data && renderer
      ? `<script type="application/json" id="${renderer.PAGE_DATA_ID}">${jsonForScript(data)}</script>`
      : '';
  const withShell = (shell: string, { before, after }: Halves, head: string, data?: PageData) =>
    `${before}${head}${INDENT}${after.slice(0, rootAt)}<div id="root">${shell}</div>${dataScript(data)}${after.slice(rootAt + EMPTY_ROOT.length)}`;
  return {
    defaultHead: plain.defaultHead,
    render: (head, shell, data) =>
      shell && usable ? withShell(shell, usable, head, data) : `${plain.before}${head}${INDENT}${plain.after}`,
    homeShell: usable?.home,
    categoryShell: usable
      ? (category) => usable.category.replaceAll(CATEGORY_PLACEHOLDER, () => escapeMarkup(category))
      : undefined,
    renderer: usable ? renderer : undefined,
  };
}

function readShells(file: string): PageShells | undefined {
  if (!existsSync(file)) return undefined;
  const shells = JSON.parse(readFileSync(file, 'utf8')) as Partial<PageShells>;
  return typeof shells.page === 'string' && typeof shells.home === 'string' && typeof shells.category === 'string'
    ? { page: shells.page, home: shells.home, category: shells.category }
    : undefined;
}

/** The bundled shell renderer, when the build wrote one that has what the server uses. */
async function loadRenderer(file: string): Promise<ShellRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Partial<ShellRenderer>;
  return typeof module.renderCategoryPage === 'function' &&
    typeof module.categoryFirstPageQuery === 'function' &&
    typeof module.opensOnFirstPage === 'function' &&
    typeof module.PAGE_DATA_ID === 'string'
    ? (module as ShellRenderer)
    : undefined;
}

/** The template of the web app built into `webDist`, or undefined when there is none (an API-only server). */
export async function loadPageTemplate(webDist: string): Promise<PageTemplate | undefined> {
  const file = webDist ? path.join(webDist, 'index.html') : '';
  if (!file || !existsSync(file)) return undefined;
  const shells = readShells(path.join(webDist, PAGE_SHELLS_FILE));
  const renderer = shells ? await loadRenderer(path.join(webDist, SHELL_RENDERER_FILE)) : undefined;
  return pageTemplateOf(readFileSync(file, 'utf8'), shells, renderer);
}
