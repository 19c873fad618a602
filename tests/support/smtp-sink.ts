import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the SMTP server took, parsed as a mail client reads it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  parsed: ParsedMail;
  /** The message as it came over the wire. */
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): it speaks SMTP as a mail
 * host does, accepts any sender (no TLS, no login: the shop's SMTP_URL is plain
 * smtp://127.0.0.1:port), and keeps each message, parsed with `mailparser`, so a test
 * reads what a shopper's mailbox would get. `rejectNext(550)` refuses the next messages.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private rejections: number[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  rejectNext(...codes: number[]): void {
    this.rejections.push(...codes);
  }

  /** The mails one address received. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const code = this.rejections.shift();
          if (code) {
            // As mail hosts do, the refusal names the address.
            const to = session.envelope.rcptTo.map((rcpt) => `<${rcpt.address}>`).join(", ");
            const error = Object.assign(new Error(`Mailbox unavailable: ${to}`), {
              responseCode: code,
            });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          void simpleParser(raw).then((parsed) => {
            this.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              parsed,
              raw,
            });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(resolve) : resolve()));
    this.server = null;
  }
}
