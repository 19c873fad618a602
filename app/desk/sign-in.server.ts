import { publicOrigin } from "~/platform/http.server";
import { shop } from "~/platform/shop.server";
import { type SignInRequestOutcome, requestSignInLink } from "./sign-in-request.server";

/**
 * Whether "Send me a sign-in link" can send anything: the shop has a bot and desk chats.
 * A setting, the same for every visitor, so the sign-in page may say it.
 */
export function canSendSignInLinks(): boolean {
  return shop.bot !== null && shop.telegram.deskChatIds.length > 0;
}

/**
 * "Send me a sign-in link" for the request's client, with the shop's settings; the link
 * leads to the desk page `next` once used. The chat message is in the chats'
 * language, like the order notifications they already get.
 */
export function sendSignInLinkToDeskChats(
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
      origin: publicOrigin(request),
      next,
      message: (link, minutes) => t("signIn.chatMessage", { link, minutes }),
    },
    client,
    shop.clock(),
  );
}
