import type { Kysely } from "kysely";
import type { BotApi } from "~/platform/bot-api.server";
import { LINK_CLIENT_WINDOW_MS } from "~/platform/limits";
import { hitThrottle } from "~/platform/throttle.server";
import type { Database } from "../../db/schema";
import { SIGN_IN_LINK_TTL_MS, createSignInLink } from "./auth.server";
import { withReturnPath } from "./return-path.server";

/** A client may ask for a link this often… */
export const LINK_REQUESTS_PER_CLIENT = 3;
export { LINK_CLIENT_WINDOW_MS };
/** …and everyone together this often, so the chats are never flooded. */
export const LINK_REQUESTS_TOTAL = 10;
export const LINK_TOTAL_WINDOW_MS = 60 * 60 * 1000;

export interface SignInRequestDeps {
  db: Kysely<Database>;
  /** The shop's Bot API client; null without a bot token. */
  api: BotApi | null;
  deskChatIds: string[];
  /** The shop's public address, for the link (PUBLIC_URL). */
  origin: string;
  /** The desk page the link leads to once used (checked by `deskReturnPath`). */
  next: string;
  /** The chat message, given the link and its minutes of validity. */
  message(link: string, minutes: number): string;
  log?: Pick<Console, "warn">;
}

export type SignInRequestOutcome = "sent" | "throttled" | "unavailable";

/**
 * "Send me a sign-in link" (D23): a fresh one-time link goes to the desk chats, where
 * only staff read it. Throttled per client and in total, in the database. The page says
 * the same thing whatever happened, so it tells a stranger nothing; the outcome is for
 * the log and the tests.
 */
export async function requestSignInLink(
  deps: SignInRequestDeps,
  client: string,
  now: number,
): Promise<SignInRequestOutcome> {
  const { db, api, deskChatIds } = deps;
  const perClient = await hitThrottle(
    db,
    `desk-link:${client}`,
    LINK_REQUESTS_PER_CLIENT,
    LINK_CLIENT_WINDOW_MS,
    now,
  );
  if (!perClient.ok) return "throttled";
  const total = await hitThrottle(
    db,
    "desk-link:*",
    LINK_REQUESTS_TOTAL,
    LINK_TOTAL_WINDOW_MS,
    now,
  );
  if (!total.ok) return "throttled";
  if (!api || deskChatIds.length === 0) return "unavailable";

  const token = await createSignInLink(db, null, now);
  const link = withReturnPath(`${deps.origin}/desk/sign-in/${token}`, deps.next);
  const text = deps.message(link, SIGN_IN_LINK_TTL_MS / 60_000);
  let delivered = 0;
  for (const chatId of deskChatIds) {
    const answer = await api.call("sendMessage", {
      chat_id: chatId,
      text,
      disable_web_page_preview: true,
    });
    if (answer.ok) delivered++;
    else (deps.log ?? console).warn(`A desk sign-in link to chat ${chatId}: ${answer.description}`);
  }
  return delivered > 0 ? "sent" : "unavailable";
}
