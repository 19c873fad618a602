import type { SendResult } from "./send-result";

/** How long one gateway call may take before it counts as a temporary failure. */
export const SMS_TIMEOUT_MS = 10_000;

export interface SmsGatewayOptions {
  /** SMS_API_URL: smsoffice.ge, or the tests' fake; without a trailing slash. */
  url: string;
  /** SMS_API_KEY. */
  key: string;
  /** SMS_SENDER: the registered sender name, up to 11 Latin letters. */
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SmsGateway {
  /** Sends `text` to `to` (995XXXXXXXXX, no "+"). Never throws. */
  send(to: string, text: string): Promise<SendResult>;
}

interface GatewayAnswer {
  Success?: boolean;
  Message?: string;
  ErrorCode?: number;
}

/**
 * smsoffice.ge's codes (API v2) the shop tells apart. −100 is the gateway's "delayed,
 * try again"; every other refusal (balance too low, a stop-listed number, a wrong key or
 * sender) will not mend itself by waiting, so it is recorded and not retried.
 */
export const SMS_TEMPORARY = -100;
const smsReasons: Record<number, string> = {
  20: "the gateway's balance is too low",
  75: "the number is on the gateway's stop list",
  80: "the gateway refused the key",
};

/**
 * A Georgian SMS gateway's HTTP API (smsoffice.ge API v2, D87): one form-encoded POST to
 * `{url}/api/v2/send/` per message, `urgent=true` since every message the shop sends is
 * transactional. The key travels in the body only, never in a URL or an error.
 */
export function createSmsGateway(options: SmsGatewayOptions): SmsGateway {
  const { url, key, sender, timeoutMs = SMS_TIMEOUT_MS, fetch: fetchImpl = fetch } = options;
  const redact = (text: string) => text.split(key).join("***").slice(0, 300);

  async function send(to: string, text: string): Promise<SendResult> {
    let response: Response;
    try {
      response = await fetchImpl(`${url}/api/v2/send/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          key,
          destination: to,
          sender,
          content: text,
          urgent: "true",
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
      return { ok: false, permanent: false, error: redact(`no answer: ${message}`) };
    }
    const answer = (await response.json().catch(() => null)) as GatewayAnswer | null;
    if (response.ok && answer?.Success === true) return { ok: true };
    if (!response.ok || !answer || typeof answer.ErrorCode !== "number")
      return {
        ok: false,
        // A server's own trouble or a throttle passes; any other refusal of the call itself does not.
        permanent: response.status >= 400 && response.status < 500 && response.status !== 429,
        error: redact(`HTTP ${response.status}`),
      };
    const code = answer.ErrorCode;
    const reason = smsReasons[code] ?? answer.Message ?? "refused";
    return {
      ok: false,
      permanent: code !== SMS_TEMPORARY,
      error: redact(
        `gateway code ${code}: ${code === SMS_TEMPORARY ? "delayed, try later" : reason}`,
      ),
    };
  }

  return { send };
}
