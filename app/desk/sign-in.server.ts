import { systemClock } from "~/clock";
import { getConfig } from "~/config.server";
import { db } from "~/db.server";
import { publicOrigin } from "~/http.server";
import { fixedT } from "~/i18n/instance.server";
import { type SignInRequestOutcome, requestSignInLink } from "./sign-in-request.server";

/**
 * "Send me a sign-in link" for the request's client, with the shop's settings. The chat
 * message is Russian, like the order notifications the chats already get.
 */
export function sendSignInLinkToDeskChats(
  request: Request,
  client: string,
): Promise<SignInRequestOutcome> {
  const { telegram } = getConfig();
  const t = fixedT("ru", "desk");
  return requestSignInLink(
    {
      db,
      botToken: telegram.botToken,
      apiUrl: telegram.apiUrl,
      deskChatIds: telegram.deskChatIds,
      origin: publicOrigin(request),
      message: (link, minutes) => t("signIn.chatMessage", { link, minutes }),
    },
    client,
    systemClock(),
  );
}
