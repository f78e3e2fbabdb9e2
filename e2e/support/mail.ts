// The recipient's side of the shop's e-mails (docs/shop-rules.md#emails): the journeys' server sends every
// message to a real SMTP server that global-setup.ts runs, and a journey reads what a recipient received
// there, as the recipient would, not through the admin's E-mails page (which shows password links redacted).
import { inject } from 'vitest';
import { poll } from './page';

/** One message the SMTP server accepted, as parsed by mailparser. */
export interface CaughtMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string | null;
  from: string | null;
  /** The envelope's recipients. */
  to: string[];
  subject: string | null;
  html: string | null;
  text: string | null;
}

/** Every message SMTP accepted for this address (any case), oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inject('mailUrl')}?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The SMTP catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * Waits until SMTP has accepted exactly `count` messages for this address whose subject matches, and answers
 * the newest (more than `count` fails: a journey knows how many it caused).
 */
export async function receivedMail(address: string, subject: RegExp, count = 1): Promise<CaughtMail> {
  const matching = async () => (await mailsTo(address)).filter((mail) => subject.test(mail.subject ?? ''));
  await poll(async () => (await matching()).length).toBe(count);
  return (await matching()).at(-1)!;
}
