import type { StaffRole } from "../../db/schema";
import { SIGN_IN_LINK_TTL_MS } from "./auth.server";
import type { DeskContext } from "./context";
import { type SignInRequestOutcome, requestSignInLink } from "./sign-in-request.server";

/**
 * Whether "Send me a sign-in link" can send anything: the shop has a bot and desk chats.
 * A setting, the same for every visitor, so the sign-in page may say it.
 */
export function canSendSignInLinks(shop: DeskContext): boolean {
  return shop.bot !== null && shop.telegram.deskChatIds.length > 0;
}

/**
 * "Send me a sign-in link" for the request's client, with the shop's settings; the link
 * leads to the desk page `next` once used. The chat message is in the chats'
 * language, like the order notifications they already get.
 */
export function sendSignInLinkToDeskChats(
  shop: DeskContext,
  request: Request,
  client: string,
  next: string,
): Promise<SignInRequestOutcome> {
  const t = shop.t(shop.telegram.language, "desk");
  return requestSignInLink(
    {
      db: shop.db,
      api: shop.bot,
      deskChatIds: shop.telegram.deskChatIds,
      origin: shop.origin(request),
      next,
      message: (link, minutes) => t("signIn.chatMessage", { link, minutes }),
    },
    client,
    shop.clock(),
  );
}

/**
 * An owner's invitation (People): the one-time address also goes to the desk chats when
 * the shop has a bot, in the chats' language, so it can be forwarded from a phone. Sent
 * at once and never queued: the outbox keeps its texts, and a sign-in token is kept
 * nowhere but in the message itself. Null when there is no bot or no desk chat.
 */
export async function sendInviteToDeskChats(
  shop: DeskContext,
  request: Request,
  invite: { name: string; role: StaffRole; by: string; token: string },
): Promise<"sent" | "failed" | null> {
  const api = shop.bot;
  const chatIds = shop.telegram.deskChatIds;
  if (!api || chatIds.length === 0) return null;
  const t = shop.t(shop.telegram.language, "desk");
  const text = t("people.invite.chatMessage", {
    name: invite.name,
    role: t(`people.roles.${invite.role}`),
    by: invite.by,
    minutes: SIGN_IN_LINK_TTL_MS / 60_000,
    link: `${shop.origin(request)}/desk/sign-in/${invite.token}`,
  });
  let delivered = 0;
  for (const [index, chatId] of chatIds.entries()) {
    const answer = await api.call("sendMessage", {
      chat_id: chatId,
      text,
      disable_web_page_preview: true,
    });
    if (answer.ok) delivered++;
    // The chat by its place in DESK_TELEGRAM_CHAT_IDS: its id is not for the log.
    else console.warn(`An invitation to desk chat #${index + 1} failed: ${answer.description}`);
  }
  return delivered > 0 ? "sent" : "failed";
}
