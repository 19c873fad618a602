import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { Socket } from "node:net";

export interface DeliveredMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode: string;
}

type Scripted = number | { status: number; body: unknown };

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1: records sendMessage calls it
 * accepts, answers the scripted failures first, and can go down and come back on the
 * same port.
 */
export class FakeTelegram {
  readonly delivered: DeliveredMessage[] = [];
  readonly attempts: string[] = [];
  private scripted: Scripted[] = [];
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  failNext(...responses: Scripted[]): void {
    this.scripted.push(...responses);
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => this.handle(request, response));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : this.port;
    this.server = server;
  }

  /** Down: the port refuses connections until `start()` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? "");
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(payload));
      };
      if (request.method !== "POST" || !match)
        return reply(404, { ok: false, description: "Not Found" });
      const message = JSON.parse(body) as Omit<DeliveredMessage, "token">;
      this.attempts.push(String(message.chat_id));
      const next = this.scripted.shift();
      if (next !== undefined) {
        const { status, body: payload } =
          typeof next === "number"
            ? { status: next, body: { ok: false, description: "Internal error" } }
            : next;
        return reply(status, payload);
      }
      this.delivered.push({ ...message, chat_id: String(message.chat_id), token: match[1] ?? "" });
      reply(200, { ok: true, result: { message_id: this.delivered.length } });
    });
  }
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const fake = new FakeTelegram();
  await fake.start();
  return fake;
}
