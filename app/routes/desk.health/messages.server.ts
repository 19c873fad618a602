import type { TFunction } from "i18next";
import type { ShopFigures } from "~/desk/health.server";
import { failureInWords } from "~/desk/message-outcome";
import { isolate } from "~/i18n/isolate";
import type { LanguageCode } from "~/i18n/languages";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDateTime } from "~/platform/calendar";

/** A channel's figures for the page: its counts and the newest failure in words. */
export function messagesInWords(
  name: "sms" | "email",
  figures: ShopFigures,
  on: boolean,
  t: TFunction,
  language: LanguageCode,
) {
  const counts = figures.messages[name];
  const newest = counts.newestFailure;
  return {
    on,
    pending: counts.pending,
    failed: counts.failed,
    stopped: counts.stopped,
    newestFailure: newest && {
      text: t("desk:health.newestFailure", {
        date: isolate(formatShopDateTime(newest.at, language)),
        reason: failureInWords(name, newest.error, t),
      }),
      order: newest.orderNumber === null ? null : formatOrderNumber(newest.orderNumber),
    },
  };
}
