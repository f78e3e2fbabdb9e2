/**
 * The built web app's index.html as the template of the pages the server writes a head for
 * (docs/shop-rules.md#seo): read once when the server starts, its own `<title>` and meta description taken
 * out, and cut where they stood, so that a page is the two halves with that page's head between them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PageTemplate {
  /** The template's own `<title>` and meta description (every page without a head of its own). */
  readonly defaultHead: string;
  /** The whole page with `head` where the template's title and description were. */
  render(head: string): string;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const META_DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
/** Between the head's tags, as index.html indents them. */
export const INDENT = '\n    ';

/** A template from the text of an index.html. */
export function pageTemplateOf(html: string): PageTemplate {
  const title = TITLE.exec(html)?.[0] ?? '';
  const description = META_DESCRIPTION.exec(html)?.[0] ?? '';
  const withoutDescription = html.replace(META_DESCRIPTION, '');
  const at = title ? withoutDescription.search(TITLE) : withoutDescription.search(/<\/head>/i);
  const cut = at < 0 ? withoutDescription.length : at;
  const before = withoutDescription.slice(0, cut);
  const after = withoutDescription.slice(cut + title.length);
  return {
    defaultHead: [description, title]
      .map((tag) => tag.trim())
      .filter(Boolean)
      .join(INDENT),
    render: (head) => `${before}${head}${INDENT}${after}`,
  };
}

/** The template of the web app built into `webDist`, or undefined when there is none (an API-only server). */
export function loadPageTemplate(webDist: string): PageTemplate | undefined {
  const file = webDist ? path.join(webDist, 'index.html') : '';
  return file && existsSync(file) ? pageTemplateOf(readFileSync(file, 'utf8')) : undefined;
}
