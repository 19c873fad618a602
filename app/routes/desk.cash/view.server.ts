import { courierDays, parseDay } from "~/couriers/cash.server";
import { cashInput, isOff, refuseReasons } from "~/couriers/model";
import { byPlace, sumOf } from "~/couriers/places";
import type { DeskContext } from "~/desk/context";
import type { GuardedSession } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { formatOrderNumber } from "~/orders/order-number";
import {
  addDays,
  formatShopDate,
  formatShopDateTime,
  parseIsoDate,
  toIsoDate,
} from "~/platform/calendar";
import { pageTitle } from "~/ui/meta";

/**
 * Parcels a day may have before the page lists one courier's at a time (D88): a day of a
 * very large shop (a thousand parcels and more) would otherwise be a page of megabytes.
 */
export const CASH_PARCELS_AT_ONCE = 200;

/**
 * The couriers' day as the page shows it (D68): each courier's parcels with what
 * came of them, the figures, and whether the day is closed. On a day of more than
 * CASH_PARCELS_AT_ONCE parcels, every courier's figures and forms are shown and the parcels
 * of one courier (`courier`, the first by default). Reading it records the access (D35):
 * every parcel shown is shown with its shopper's name and address.
 */
export async function readCashPage(shop: DeskContext, session: GuardedSession, request: Request) {
  const url = new URL(request.url);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const day = parseDay(url.searchParams.get("day")) ?? toIsoDate(shop.today());
  const date = parseIsoDate(day) ?? shop.today();
  const entries = await courierDays(shop.db, day);
  const busy = sumOf(entries, (entry) => entry.parcels.length) > CASH_PARCELS_AT_ONCE;
  const asked = Number(url.searchParams.get("courier"));
  const shown = busy
    ? (entries.find((entry) => entry.courier.id === asked) ?? entries[0])?.courier.id
    : undefined;
  const listed = (entry: (typeof entries)[number]) => !busy || entry.courier.id === shown;
  // Each parcel shown is shown with its shopper's name and phone (D35).
  await session.access.record(
    "cash",
    entries.filter(listed).flatMap((entry) => entry.parcels.map((parcel) => parcel.orderNumber)),
  );
  return {
    meta: { title: pageTitle(t, t("cash.title"), { brand: false }), noindex: true },
    day,
    previous: toIsoDate(addDays(date, -1)),
    next: toIsoDate(addDays(date, 1)),
    nextDay: toIsoDate(addDays(date, 1)),
    owner: session.staff.role === "owner",
    /** The courier whose parcels are listed on a busy day; undefined: every courier's. */
    shown: shown ?? null,
    reasons: refuseReasons,
    couriers: entries.map((entry) => ({
      id: entry.courier.id,
      name: entry.courier.name,
      phone: entry.courier.phone,
      figures: entry.figures,
      // What the courier brings back, zone by zone (D84): as `expected`, less not home.
      byZone: byPlace(
        entry.parcels.filter((parcel) => parcel.outcome !== "not_home"),
        shop.content().settings.zones,
        language,
      ).map((group) => ({
        key: group.key,
        name: group.name,
        parcels: group.items.length,
        expected: sumOf(group.items, (parcel) => parcel.amount),
      })),
      off: isOff(entry.figures),
      receivedInput: entry.figures.received === null ? "" : cashInput(entry.figures.received),
      closed: entry.closedAt
        ? {
            by: entry.closedBy ?? "",
            at: formatShopDateTime(Date.parse(entry.closedAt), language),
            note: entry.closeNote,
          }
        : null,
      parcels: (listed(entry) ? entry.parcels : []).map((parcel) => ({
        id: parcel.handoffId,
        number: formatOrderNumber(parcel.orderNumber),
        name: parcel.name,
        address: parcel.address,
        amount: parcel.amount,
        outcome: parcel.outcome,
        reason: parcel.reason,
        nextDay: parcel.nextDay === null ? null : formatShopDate(parcel.nextDay),
      })),
    })),
  };
}
