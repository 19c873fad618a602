import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { Socket } from "node:net";

/** One call the gateway received, as smsoffice.ge's API v2 reads it. */
export interface SmsCall {
  key: string;
  destination: string;
  sender: string;
  content: string;
  urgent: string;
  /** What the gateway answered: 0 received, −100 delayed, or a refusal's code. */
  errorCode: number;
}

/**
 * A stand-in for smsoffice.ge's API v2 on 127.0.0.1 (D87): `POST /api/v2/send/`,
 * form-encoded `key`, `destination`, `sender`, `content`, `urgent`, answered with
 * `{"Success","Message","Output","ErrorCode"}`. It records every call, answers success
 * unless told otherwise (`failNext(-100, -100)` for delays, `failNext(75)` for a
 * stop-listed number), and refuses a key other than the one it was made with (code 80).
 */
export class FakeSmsGateway {
  readonly calls: SmsCall[] = [];
  private scripted: number[] = [];
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(readonly key = "test-sms-key-0123456789") {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next calls answer these codes instead of 0. */
  failNext(...codes: number[]): void {
    this.scripted.push(...codes);
  }

  /** The messages that reached a number (answered 0). */
  received(destination?: string): SmsCall[] {
    return this.calls.filter(
      (call) =>
        call.errorCode === 0 && (destination === undefined || call.destination === destination),
    );
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = null;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || request.url !== "/api/v2/send/") {
      response.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const read = (name: string) => form.get(name) ?? "";
    const errorCode = read("key") !== this.key ? 80 : (this.scripted.shift() ?? 0);
    this.calls.push({
      key: read("key"),
      destination: read("destination"),
      sender: read("sender"),
      content: read("content"),
      urgent: read("urgent"),
      errorCode,
    });
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({
        Success: errorCode === 0,
        Message: errorCode === 0 ? "Message received" : `Error ${errorCode}`,
        Output: null,
        ErrorCode: errorCode,
      }),
    );
  }
}
