/**
 * Renders a MailMessage to its subject, HTML and plain text (docs/shop-rules.md#emails), with the templates in
 * ./templates (React Email). Pure: everything it needs is in the message and the context, so the worker, the
 * admin's preview and the tests render the same e-mail from the same inputs. The plain-text part is converted from
 * the rendered HTML (what `render(..., { plainText: true })` does after a second React render of its own), so both
 * carry the same facts and links for one render; the converter is React Email's (its selectors, html-to-text), compiled once.
 *
 * React, React Email and the templates are imported on the first rendering, not when the server starts: most
 * requests never render an e-mail (docs/decisions/0015-checkout-statements.md).
 */
import type { MailKind, OrderDto } from '@pumpkart/shared';
import type { MailMessage, RenderedMail } from './messages';
import type { MailInput, MailTemplate } from './templates';

export interface MailContext {
  /** The shop's public address without a trailing slash (PUBLIC_URL, else http://localhost:PORT): links start here. */
  shopUrl: string;
  /** The store's name and contact details (store settings; the defaults when none are saved). */
  store: { name: string; email: string | null; phone: string | null };
  /** The order the message reports, loaded at render time; null for messages without one. */
  order: OrderDto | null;
}

/** The text part keeps headings as written (html-to-text upper-cases them by default: "ORDER #A1B2C3"). */
const TEXT_OPTIONS = {
  selectors: ['h1', 'h2'].map((selector) => ({
    selector,
    options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
  })),
};

const importRendering = async () => {
  const [react, email, templates, htmlToText] = await Promise.all([
    import('react'),
    import('@react-email/render'),
    import('./templates'),
    import('html-to-text'),
  ]);
  // React Email's toPlainText with TEXT_OPTIONS, compiled once: its `convert` compiles the options into a selector
  // tree on every call, a third of what converting an order's e-mail cost (docs/decisions/0015-checkout-statements.md).
  const toPlainText = htmlToText.compile({
    wordwrap: false,
    selectors: [...email.plainTextSelectors, ...TEXT_OPTIONS.selectors],
  });
  return {
    createElement: react.createElement,
    render: email.render,
    MAIL_TEMPLATES: templates.MAIL_TEMPLATES,
    toPlainText,
  };
};
let renderer: ReturnType<typeof importRendering> | undefined;
/** The rendering modules, imported once, on first use. */
const rendering = () => (renderer ??= importRendering());

export async function renderMail(message: MailMessage, context: MailContext): Promise<RenderedMail> {
  const input = inputOf(message, context);
  const { createElement, render, MAIL_TEMPLATES, toPlainText } = await rendering();
  // Each kind's template takes its own message; the registry is typed per kind, the lookup by a union.
  const template = MAIL_TEMPLATES[message.kind] as MailTemplate<MailKind>;
  const html = await render(createElement(template.Email, input));
  const text = toPlainText(html);
  return { subject: oneLine(template.subject(input)), html, text: text.trim() + '\n' };
}

/** A message about an order needs that order: a missing or different one is a programming error, not an e-mail. */
function inputOf(message: MailMessage, context: MailContext): MailInput<MailKind> & { order?: OrderDto } {
  if (!('orderId' in message)) return { message, context };
  const { order } = context;
  if (!order) throw new Error(`The ${message.kind} e-mail is about order ${message.orderId}, but no order was given.`);
  if (order._id !== message.orderId) {
    throw new Error(`The ${message.kind} e-mail is about order ${message.orderId}, but order ${order._id} was given.`);
  }
  return { message, context, order };
}

/** A subject is one line, whatever a product title or a reason in it holds. */
const oneLine = (subject: string) => subject.replace(/\s+/g, ' ').trim();
