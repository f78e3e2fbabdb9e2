/**
 * Text put into HTML and XML the server writes itself (docs/shop-rules.md#seo): element text and attribute
 * values with the five markup characters as character references, and JSON inside a `<script>` element with
 * `<`, `>` and `&` (and the two line separators JavaScript once refused) as \u escapes, so that no text a
 * product carries (a title holding `</script>` or `<!--`) can end the element or start markup.
 */

/** Element text or a quoted attribute value: & < > " ' as numeric character references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON for a `<script type="application/ld+json">` element: still JSON, never markup. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
