import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { Socket } from "node:net";

export interface InlineKeyboard {
  inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
}

export interface DeliveredMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode: string;
  message_id: number;
  reply_markup?: InlineKeyboard;
}

/** A message as the chat shows it now, after every edit. */
export interface ChatMessage {
  chat_id: string;
  message_id: number;
  text: string;
  reply_markup: InlineKeyboard | null;
}

export interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; chat: { id: number; type: string }; text: string };
  callback_query?: {
    id: string;
    from: { id: number; first_name: string; last_name?: string };
    message: { message_id: number; chat: { id: number } };
    data: string;
  };
}

type Scripted = number | { status: number; body: unknown };

interface HeldPoll {
  offset: number;
  respond(updates: TelegramUpdate[]): void;
}

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1. It records sendMessage calls it
 * accepts (answering the scripted failures first), keeps each chat's messages through
 * editMessageText and editMessageReplyMarkup, records answerCallbackQuery, setWebhook
 * and deleteWebhook, answers getMe with the bot's username, and serves queued updates to getUpdates as Telegram does: a long
 * poll held open until an update comes or its timeout ends, each update served until a
 * later offset confirms it. It can go down and come back on the same port.
 */
export class FakeTelegram {
  readonly delivered: DeliveredMessage[] = [];
  readonly attempts: string[] = [];
  readonly edits: Array<{ method: string; chat_id: string; message_id: number }> = [];
  readonly answers: Array<{ callback_query_id: string; text?: string }> = [];
  readonly webhooks: Array<{ method: string; body: Record<string, unknown> }> = [];
  readonly messages = new Map<string, ChatMessage>();
  /** getUpdates calls received (long polls), answered or still held. */
  polls = 0;
  /** The offset each getUpdates named (null for none), in order. */
  readonly pollOffsets: Array<number | null> = [];
  private scripted: Scripted[] = [];
  private updates: TelegramUpdate[] = [];
  private held: HeldPoll[] = [];
  private nextMessageId = 1;
  private nextUpdateId = 700_000;
  private servers: Server[] = [];
  private sockets = new Set<Socket>();
  port = 0;
  /** What getMe answers: the bot the shop's `Follow in Telegram` links open. */
  readonly username = "kolkhida_test_bot";

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next sendMessage calls answer these instead of succeeding. */
  failNext(...responses: Scripted[]): void {
    this.scripted.push(...responses);
  }

  message(chatId: string, messageId: number): ChatMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  /** The messages a chat was sent, as they read now. */
  chatMessages(chatId: string): ChatMessage[] {
    return [...this.messages.values()].filter((message) => message.chat_id === chatId);
  }

  /**
   * An update for pressing the button labelled `label` (a part of it) on a message, as a
   * person in `fromChat` would send it; by default from the message's own chat.
   */
  press(
    message: ChatMessage,
    label: string | RegExp,
    options: {
      fromChat?: number;
      data?: string;
      user?: { id: number; first_name: string; last_name?: string };
    } = {},
  ): TelegramUpdate {
    const button = message.reply_markup?.inline_keyboard
      .flat()
      .find((candidate) =>
        typeof label === "string" ? candidate.text.includes(label) : label.test(candidate.text),
      );
    if (!button && !options.data) throw new Error(`No button ${label} on ${message.text}`);
    const updateId = ++this.nextUpdateId;
    return {
      update_id: updateId,
      callback_query: {
        id: `query-${updateId}`,
        from: options.user ?? { id: 42, first_name: "Nino", last_name: "Beridze" },
        message: {
          message_id: message.message_id,
          chat: { id: options.fromChat ?? Number(message.chat_id) },
        },
        data: options.data ?? button?.callback_data ?? "",
      },
    };
  }

  /** An update for a person writing `text` to the bot in their private chat `chatId`. */
  write(chatId: number, text: string): TelegramUpdate {
    const updateId = ++this.nextUpdateId;
    return {
      update_id: updateId,
      message: { message_id: updateId, chat: { id: chatId, type: "private" }, text },
    };
  }

  /** Queues an update for getUpdates (the polling mode). */
  queueUpdate(update: TelegramUpdate): void {
    this.updates.push(update);
    const waiting = this.held.splice(0);
    for (const poll of waiting) poll.respond(this.pending(poll.offset));
  }

  /**
   * Listens on 127.0.0.1, or on each of `hosts` (one port for all: shops in network
   * namespaces of their own each reach it on their own side's address).
   */
  async start(hosts: string[] = ["127.0.0.1"]): Promise<void> {
    for (const host of hosts) {
      const server = createServer((request, response) => this.handle(request, response));
      server.on("connection", (socket) => {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server.listen(this.port, host, resolve));
      const address = server.address();
      this.port = typeof address === "object" && address ? address.port : this.port;
      this.servers.push(server);
    }
  }

  /** Down: the port refuses connections until `start()` again. */
  async stop(): Promise<void> {
    const servers = this.servers.splice(0);
    if (servers.length === 0) return;
    for (const poll of this.held.splice(0)) poll.respond([]);
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(
      servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  }

  private pending(offset: number): TelegramUpdate[] {
    // Telegram forgets every update below the offset a poll names.
    this.updates = this.updates.filter((update) => update.update_id >= offset);
    return [...this.updates];
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "");
      const reply = (status: number, payload: unknown) => {
        if (response.writableEnded) return;
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(payload));
      };
      const ok = (result: unknown) => reply(200, { ok: true, result });
      if (request.method !== "POST" || !match)
        return reply(404, { ok: false, description: "Not Found" });
      const [, token = "", method] = match;
      const params = JSON.parse(body || "{}") as Record<string, unknown>;
      switch (method) {
        case "sendMessage":
          return this.sendMessage(token, params, reply);
        case "editMessageText":
        case "editMessageReplyMarkup": {
          const key = `${params.chat_id}:${params.message_id}`;
          const message = this.messages.get(key);
          if (!message)
            return reply(400, { ok: false, description: "Bad Request: message to edit not found" });
          const markup = (params.reply_markup as InlineKeyboard | undefined) ?? null;
          const text = method === "editMessageText" ? String(params.text) : message.text;
          const sameMarkup = JSON.stringify(markup) === JSON.stringify(message.reply_markup);
          if (text === message.text && sameMarkup)
            return reply(400, {
              ok: false,
              description: "Bad Request: message is not modified",
            });
          this.edits.push({
            method,
            chat_id: message.chat_id,
            message_id: message.message_id,
          });
          this.messages.set(key, {
            ...message,
            text,
            reply_markup: markup?.inline_keyboard.length ? markup : null,
          });
          return ok(true);
        }
        case "getMe":
          return ok({ id: 515151, is_bot: true, first_name: "Kolkhida", username: this.username });
        case "answerCallbackQuery":
          this.answers.push(params as { callback_query_id: string; text?: string });
          return ok(true);
        case "setWebhook":
        case "deleteWebhook":
          this.webhooks.push({ method, body: params });
          return ok(true);
        case "getUpdates": {
          this.polls++;
          this.pollOffsets.push(typeof params.offset === "number" ? params.offset : null);
          const offset = typeof params.offset === "number" ? params.offset : 0;
          const ready = this.pending(offset);
          if (ready.length > 0) return ok(ready);
          const timeout = typeof params.timeout === "number" ? params.timeout : 0;
          const poll: HeldPoll = {
            offset,
            respond: (updates) => {
              clearTimeout(timer);
              ok(updates);
            },
          };
          const timer = setTimeout(() => {
            this.held = this.held.filter((other) => other !== poll);
            ok([]);
          }, timeout * 1000);
          this.held.push(poll);
          response.on("close", () => {
            clearTimeout(timer);
            this.held = this.held.filter((other) => other !== poll);
          });
          return;
        }
        default:
          return reply(404, { ok: false, description: "Not Found: method not found" });
      }
    });
  }

  private sendMessage(
    token: string,
    params: Record<string, unknown>,
    reply: (status: number, payload: unknown) => void,
  ): void {
    const chatId = String(params.chat_id);
    this.attempts.push(chatId);
    const next = this.scripted.shift();
    if (next !== undefined) {
      const { status, body } =
        typeof next === "number"
          ? { status: next, body: { ok: false, description: "Internal error" } }
          : next;
      reply(status, body);
      return;
    }
    const messageId = this.nextMessageId++;
    const markup = params.reply_markup as InlineKeyboard | undefined;
    this.delivered.push({
      token,
      chat_id: chatId,
      text: String(params.text),
      parse_mode: String(params.parse_mode),
      message_id: messageId,
      ...(markup ? { reply_markup: markup } : {}),
    });
    this.messages.set(`${chatId}:${messageId}`, {
      chat_id: chatId,
      message_id: messageId,
      text: String(params.text),
      reply_markup: markup ?? null,
    });
    reply(200, { ok: true, result: { message_id: messageId } });
  }
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const fake = new FakeTelegram();
  await fake.start();
  return fake;
}
