import { data } from "@remix-run/node";
import type { DeskContext } from "~/desk/context";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage } from "~/i18n/languages";
import { formatShopDateTime } from "~/platform/calendar";

const MB = 1e6;

/**
 * `Back up now`: the nightly routine, run in this process (one at a time; a second press
 * meanwhile waits for the same run). Its outcome is answered in words on this page, with
 * or without JavaScript; a backup made twice in a day replaces that day's file.
 */
export async function backUpNow(shop: DeskContext, request: Request) {
  const language = await getLocale(request);
  const locale = getLanguage(language).htmlLang;
  const outcome = await shop.backUpNow();
  switch (outcome.kind) {
    case "unconfigured":
      return data({ result: { kind: "unconfigured" as const } }, 409);
    case "failed":
      return data({ result: { kind: "failed" as const, error: outcome.message } }, 500);
    case "done": {
      const size =
        outcome.bytes >= MB / 10
          ? new Intl.NumberFormat(locale, {
              style: "unit",
              unit: "megabyte",
              maximumFractionDigits: 1,
            }).format(outcome.bytes / MB)
          : new Intl.NumberFormat(locale, {
              style: "unit",
              unit: "kilobyte",
              maximumFractionDigits: 0,
            }).format(Math.max(1, outcome.bytes / 1000));
      const seconds = new Intl.NumberFormat(locale, {
        style: "unit",
        unit: "second",
        unitDisplay: "long",
        maximumFractionDigits: 1,
      }).format(outcome.ms / 1000);
      return data({
        result: {
          kind: "done" as const,
          size,
          seconds,
          finished: formatShopDateTime(Date.parse(outcome.finishedAt), language),
          remote:
            outcome.remote.kind === "failed"
              ? { kind: "failed" as const, error: outcome.remote.message }
              : { kind: outcome.remote.kind },
        },
      });
    }
  }
}
