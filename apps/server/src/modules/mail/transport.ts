/**
 * How an e-mail leaves the shop (docs/shop-rules.md#emails): nodemailer over SMTP_URL, through a small pool of
 * connections that stay open between messages (a burst of messages does not pay a new connection, greeting and
 * login each). `smtp://` upgrades to TLS with STARTTLS when the server offers it (port 587); `smtps://` speaks TLS
 * from the first byte (port 465). The worker sees only MailTransport, so nothing else depends on nodemailer.
 */
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail as it goes out; `messageId` is `<id@domain>`, the same on every attempt. */
export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message; rejects with its reason otherwise or on `signal`. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** Connecting, the greeting and a silent socket each give up well inside the worker's lease. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** The transport of an `smtp://` or `smtps://` URL (user and password in the URL, percent-encoded). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...TIMEOUTS });
  return {
    async send(mail, signal) {
      await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments,
        signal,
      });
    },
    close: () => transporter.close(),
  };
}
