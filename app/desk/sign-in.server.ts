import { publicOrigin } from "~/platform/http.server";
import { shop } from "~/platform/shop.server";
import { type SignInRequestOutcome, requestSignInLink } from "./sign-in-request.server";

/**
 * "Send me a sign-in link" for the request's client, with the shop's settings. The chat
 * message is in the chats' language, like the order notifications they already get.
 */
export function sendSignInLinkToDeskChats(
  request: Request,
  client: string,
): Promise<SignInRequestOutcome> {
  const t = shop.t(shop.telegram.language, "desk");
  return requestSignInLink(
    {
      db: shop.db,
      api: shop.bot,
      deskChatIds: shop.telegram.deskChatIds,
      origin: publicOrigin(request),
      message: (link, minutes) => t("signIn.chatMessage", { link, minutes }),
    },
    client,
    shop.clock(),
  );
}
