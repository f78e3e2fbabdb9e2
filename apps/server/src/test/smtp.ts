/**
 * A real SMTP server inside the test process (docs/shop-rules.md#emails): smtp-server on 127.0.0.1 and a free
 * port, no STARTTLS, any login (or none) accepted; every message it accepts is parsed with mailparser and kept in
 * `messages`. Point the app at it with `SMTP_URL: smtp.url`. It can refuse the next k messages with a temporary
 * error (451), as a busy mail service does, and counts every delivery attempt it saw.
 *
 *   const smtp = await startTestSmtpServer();
 *   const t = await createTestApp({ SMTP_URL: smtp.url });
 *   await smtp.waitFor(1);
 *   expect(smtp.messages[0]!.subject).toBe('...');
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One accepted message: the parsed e-mail and its SMTP envelope. */
export interface ReceivedMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  subject: string | undefined;
  html: ParsedMail['html'];
  text: string | undefined;
  attachments: ParsedMail['attachments'];
  envelope: { from: string | null; to: string[] };
  /** The login the client gave, if any. */
  user: string | undefined;
  /** performance.now() when the server accepted it (bench/mail-delay.ts measures from commit to here). */
  acceptedAt: number;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every accepted message, in the order accepted. */
  readonly messages: ReceivedMail[];
  /** Every DATA the server saw, accepted or refused. */
  readonly attempts: number;
  /** Refuses the next `count` messages with `451 4.3.0 Try again later` (after reading them whole). */
  failNext(count: number): void;
  /**
   * Resolves with the accepted messages once at least `count` of them (those `match` keeps, when given) are
   * there; rejects after `timeoutMs` with how many arrived.
   */
  waitFor(count: number, timeoutMs?: number, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail[]>;
  /** The accepted messages with this Message-ID (`<id@domain>`, or just the id before the `@`). */
  withId(id: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** Refuse the first `count` messages with 451 (the same as failNext(count) right after start). */
  failFirst?: number;
}

const addressText = (value: ParsedMail['from'] | ParsedMail['to']) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map((address) => address.text).join(', ');

/** The part of a Message-ID before the `@`, without brackets. */
const idOf = (messageId: string | undefined) => messageId?.replace(/^</, '').split('@')[0];

export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let attempts = 0;
  let toFail = options.failFirst ?? 0;

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    // Read the whole message first, as a real server does before it answers the DATA command.
    const parsed = await simpleParser(stream);
    attempts += 1;
    if (toFail > 0) {
      toFail -= 1;
      throw Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 });
    }
    messages.push({
      messageId: parsed.messageId,
      from: addressText(parsed.from),
      to: addressText(parsed.to),
      subject: parsed.subject,
      html: parsed.html,
      text: parsed.text,
      attachments: parsed.attachments,
      envelope: {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      },
      user: typeof session.user === 'string' ? session.user : undefined,
      acceptedAt: performance.now(),
      parsed,
    });
    for (const wake of waiters) wake();
  }

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const withId = (id: string) => {
    const wanted = idOf(id);
    return messages.filter((mail) => idOf(mail.messageId) === wanted);
  };

  function waitFor(count: number, timeoutMs = 10_000, match: (mail: ReceivedMail) => boolean = () => true) {
    const matching = () => messages.filter(match);
    return new Promise<ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        const found = matching();
        if (found.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`expected ${count} e-mails, ${matching().length} arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get attempts() {
      return attempts;
    },
    failNext(count) {
      toFail = count;
    },
    waitFor,
    withId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
