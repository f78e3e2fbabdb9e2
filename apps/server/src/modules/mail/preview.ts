/**
 * `npm run mail:preview [-- <folder>]`: renders one example of every kind of e-mail (docs/shop-rules.md#emails;
 * the examples are in ./templates/fixtures/) and writes each one's HTML and plain text, with an
 * index.html that lists them by subject, to the folder (default /tmp/pumpkart-mail-preview). Open index.html
 * in a browser to see what the shop sends; it needs no database and no server. A developer's tool beside the
 * templates it shows: the server never runs it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_KIND_LABELS } from '@pumpkart/shared';
import { renderMail } from './render';
import { mailFixtureList } from './templates/fixtures';

const DEFAULT_FOLDER = '/tmp/pumpkart-mail-preview';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function main(args: string[]): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('Usage: npm run mail:preview [-- <folder>]   (default folder: /tmp/pumpkart-mail-preview)');
    return 1;
  }
  const folder = path.resolve(args[0] ?? DEFAULT_FOLDER);
  mkdirSync(folder, { recursive: true });
  const rows: string[] = [];
  for (const { message, context } of mailFixtureList()) {
    const mail = await renderMail(message, context);
    writeFileSync(path.join(folder, `${message.kind}.html`), mail.html);
    writeFileSync(path.join(folder, `${message.kind}.txt`), mail.text);
    rows.push(
      `<tr><td>${escapeHtml(MAIL_KIND_LABELS[message.kind])}</td><td>${escapeHtml(mail.subject)}</td>` +
        `<td><a href="${message.kind}.html">HTML</a> · <a href="${message.kind}.txt">text</a></td></tr>`,
    );
  }
  writeFileSync(path.join(folder, 'index.html'), indexPage(rows));
  console.log(`Wrote ${rows.length} e-mails (HTML and text) to ${folder}: open ${path.join(folder, 'index.html')}`);
  return 0;
}

function indexPage(rows: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PumpKart e-mails</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse}
td,th{border-bottom:1px solid #e2e8f0;padding:.5rem 1rem;text-align:left}a{color:#1d4ed8}</style></head>
<body><h1>PumpKart e-mails</h1><p>One example of every message, rendered from the templates in
apps/server/src/modules/mail/templates.</p>
<table><thead><tr><th>Kind</th><th>Subject</th><th>Open</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
