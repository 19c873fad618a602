/** How long one Bot API call may take, unless the call says otherwise (long polls do). */
export const BOT_API_TIMEOUT_MS = 10_000;

export interface BotApiOptions {
  botToken: string;
  /** TELEGRAM_API_URL: the real API, or the tests' local fake. */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type BotApiResult<T> =
  | { ok: true; result: T }
  | {
      ok: false;
      /** The HTTP status, or 0 when no answer came (network, timeout). */
      status: number;
      /** What went wrong, safe to log: the token is never in it. */
      description: string;
      /** Seconds Telegram asks to wait (a 429's parameters.retry_after). */
      retryAfter?: number;
    };

export interface BotApi {
  call<T = unknown>(
    method: string,
    params: Record<string, unknown>,
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<BotApiResult<T>>;
  /** The text with the bot token blotted out, for logs. */
  redact(text: string): string;
}

interface TelegramAnswer {
  ok?: boolean;
  result?: unknown;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The Telegram Bot API, one JSON POST per method (D13, D25). Never throws: every failure
 * is a result with a description that has the token taken out, because the token is in
 * the URL and errors like to quote URLs.
 */
export function createBotApi(options: BotApiOptions): BotApi {
  const { botToken, apiUrl, fetch: fetchImpl = fetch, timeoutMs = BOT_API_TIMEOUT_MS } = options;
  const redact = (text: string) => text.split(botToken).join("***");

  async function call<T>(
    method: string,
    params: Record<string, unknown>,
    callOptions: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<BotApiResult<T>> {
    const timeout = AbortSignal.timeout(callOptions.timeoutMs ?? timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([timeout, callOptions.signal]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}/bot${botToken}/${method}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(params),
        signal,
      });
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
      return { ok: false, status: 0, description: redact(message).slice(0, 500) };
    }
    const answer = (await response.json().catch(() => null)) as TelegramAnswer | null;
    if (response.ok && answer?.ok) return { ok: true, result: answer.result as T };
    const description = `HTTP ${response.status}${answer?.description ? `: ${answer.description}` : ""}`;
    return {
      ok: false,
      status: response.status,
      description: redact(description).slice(0, 500),
      retryAfter: response.status === 429 ? answer?.parameters?.retry_after : undefined,
    };
  }

  return { call, redact };
}
