import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { SendResult } from "./send-result";

/** How long the SMTP server has to answer each step before the attempt counts as failed. */
export const MAIL_TIMEOUT_MS = 15_000;

export interface MailerOptions {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. */
  smtpUrl: string;
  /** MAIL_FROM: "Shop name <shop@example.ge>". */
  from: string;
  timeoutMs?: number;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands one e-mail to the SMTP server. Never throws. */
  send(mail: Mail): Promise<SendResult>;
  close(): void;
}

/**
 * E-mail through the shop's SMTP server (D87), with nodemailer: SMTP is a protocol of many
 * corners (STARTTLS, AUTH, pipelining, encodings, line lengths) that a well-kept client
 * has already turned. A 5xx answer (no such mailbox, refused) is permanent; no answer or a
 * 4xx ("try later", greylisting) is retried by the outbox. Neither the URL's password nor
 * the recipient's address is ever in an error.
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? MAIL_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as SMTPTransport.Options);
  const password = (() => {
    try {
      return decodeURIComponent(new URL(options.smtpUrl).password);
    } catch {
      return "";
    }
  })();
  const redact = (text: string) =>
    (password ? text.split(password).join("***") : text).slice(0, 300);

  async function send(mail: Mail): Promise<SendResult> {
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      return { ok: true };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // An SMTP server's refusal quotes the address: it goes nowhere a log line goes.
      const message = (error instanceof Error ? error.message : String(error)).replace(
        new RegExp(mail.to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"),
        "(the address)",
      );
      return {
        ok: false,
        permanent: typeof code === "number" && code >= 500,
        error: redact(code ? `SMTP ${code}: ${message}` : message),
      };
    }
  }

  return { send, close: () => transport.close() };
}
