import type { TFunction } from "i18next";
import { isolate } from "~/i18n/isolate";
import { plainText } from "~/shopper/shopper-chat";
import type { shopperChatOf } from "~/shopper/shopper-messages.server";
import { destinationOf, failureInWords, messageOutcome } from "./message-outcome";

type ShopperMessage = Awaited<ReturnType<typeof shopperChatOf>>["messages"][number];

/**
 * One message to the shopper in the reader's words (D87): how it went and where (a number
 * or an address as staff may read it), and how it stands: sent when, waiting, being
 * retried after so many failed attempts and why, not delivered and why, or not sent
 * since the shopper asked for no more. An e-mail is named by its subject.
 */
export function messageInWords(
  message: ShopperMessage,
  t: TFunction,
  when: (iso: string) => string,
  now: number,
) {
  const outcome = messageOutcome(message);
  const to = destinationOf(message.channel, message.chat_id);
  const reason = message.last_error ? failureInWords(message.channel, message.last_error, t) : "";
  const how =
    message.channel === "telegram"
      ? t("desk:shopMessages.to.telegram")
      : to === null
        ? t(`desk:shopMessages.toRemoved.${message.channel}`)
        : t(`desk:shopMessages.to.${message.channel}`, { to });
  const state =
    outcome === "sent"
      ? t("desk:shopMessages.state.sent", {
          date: isolate(when(message.sent_at ?? message.created_at)),
        })
      : outcome === "pending"
        ? Date.parse(message.next_attempt_at) > now
          ? t("desk:shopMessages.state.due", { date: isolate(when(message.next_attempt_at)) })
          : t("desk:shopMessages.state.pending")
        : outcome === "retrying"
          ? t("desk:shopMessages.state.retrying", { attempts: message.attempts, reason })
          : outcome === "failed"
            ? t("desk:shopMessages.state.failed", { reason })
            : t("desk:shopMessages.state.stopped");
  return {
    id: message.id,
    channel: message.channel,
    outcome,
    at: when(message.created_at),
    how,
    state,
    text:
      message.channel === "email"
        ? (message.subject ?? "")
        : message.channel === "telegram"
          ? plainText(message.text)
          : message.text,
    /** A message that will not reach the shopper: the page says so at its top. */
    notice:
      outcome === "failed" ? t("desk:shopMessages.notDelivered", { message: how, reason }) : null,
  };
}
