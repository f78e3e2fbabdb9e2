// axe-core in a real page (docs/architecture.md#tests, WCAG 2.1 AA): injects axe's source into a
// playwright page, runs the WCAG 2.0/2.1 A and AA rules and the best practices, and fails a journey
// on every serious or critical violation, naming the rule and the element; the milder ones are
// counted in the log so that they stay in view.
import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe over the whole document and answers its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const result = await runner.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
}

/** One line per violation: impact, rule id, and the elements it found. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} -> ${v.targets.slice(0, 5).join(' | ')}`);

/**
 * Runs axe and answers the serious and critical violations, one line each (rule id, elements);
 * logs a one-line count per screen ('axe <screen> <viewport>: critical=0 serious=0 moderate=N
 * minor=N') with the milder rules named.
 */
export async function seriousViolations(page: Page, screenName: string): Promise<string[]> {
  const violations = await axeViolations(page);
  const viewport = page.viewportSize();
  const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
  const line =
    `axe ${screenName} ${viewport ? `${viewport.width}x${viewport.height}` : 'unknown'}: ` +
    `critical=${count('critical')} serious=${count('serious')} moderate=${count('moderate')} minor=${count('minor')}` +
    (violations.length > 0 ? ` (${violations.map((v) => `${v.id}:${v.impact}`).join(', ')})` : '');
  console.log(line);
  // AXE_REPORT=<file> also keeps the counts and every violation's elements in a file.
  if (process.env.AXE_REPORT) {
    appendFileSync(
      process.env.AXE_REPORT,
      [line, ...describeViolations(violations).map((v) => `  ${v}`), ''].join('\n'),
    );
  }
  return describeViolations(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/** Fails listing every serious or critical violation of the page (rule id and elements). */
export async function expectNoSeriousViolations(page: Page, screenName: string): Promise<void> {
  expect(await seriousViolations(page, screenName), `axe on ${screenName}`).toEqual([]);
}
