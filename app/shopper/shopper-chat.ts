import escapeHtml from "escape-html";
import { defaultLanguage, isLanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import {
  type PromotionLine,
  deliveryView,
  deliveryWords,
  orderAmounts,
  promotionWords,
} from "~/orders/amounts";
import type { InlineKeyboard } from "~/orders/message";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDate } from "~/platform/calendar";
import type { Order, OrderStatus } from "../../db/schema";

// The shopper's side of the shop's Telegram bot (issue 24, D33): the deep link that links a
// chat to an order, the commands a shopper sends, the buttons they press, and the texts
// they read, in the order's language. Everything here is pure; the chat's I/O is in
// shopper-chat.server.ts and shopper-messages.server.ts.

/** A translate function fixed to the order's language and the `checkout` namespace. */
export type ShopperTranslate = (key: string, options?: Record<string, unknown>) => string;

/** What Telegram lets a deep link carry to the bot: 1 to 64 of A-Z a-z 0-9 _ -. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

/** `Follow in Telegram`: opens the bot, whose Start sends `/start {payload}`. */
export function followLink(botUsername: string, payload: string): string {
  if (!START_PAYLOAD.test(payload)) throw new Error("A start payload is 1-64 of A-Za-z0-9_-.");
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${payload}`;
}

export type ShopperCommand =
  | { kind: "start"; payload: string | null }
  | { kind: "stop" }
  | { kind: "other" };

/**
 * What a chat's message asks for: `/start` with or without a payload (also written
 * `/start@TheBot`, as in a group), `/stop`, or anything else. A payload that is not one the
 * shop could have written is no payload.
 */
export function readCommand(text: unknown): ShopperCommand {
  if (typeof text !== "string") return { kind: "other" };
  const match = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/i.exec(text.trim());
  if (!match) return { kind: "other" };
  if (match[1]?.toLowerCase() === "stop") return { kind: "stop" };
  const payload = match[2] ?? null;
  return { kind: "start", payload: payload && START_PAYLOAD.test(payload) ? payload : null };
}

/** A shopper's button: confirm, cancel asked once more, cancel for sure, or back. */
export type ShopperPress = {
  orderNumber: number;
  kind: "confirm" | "ask" | "cancel" | "back";
};

const pressCodes = { confirm: "c", ask: "a", cancel: "x", back: "b" } as const;

/**
 * A shopper's button's callback_data: `s:{order number}:{c|a|x|b}`. The desk's start with
 * `o:`, so neither side ever reads the other's as its own.
 */
export function encodeShopperPress(press: ShopperPress): string {
  return `s:${press.orderNumber}:${pressCodes[press.kind]}`;
}

export function decodeShopperPress(data: unknown): ShopperPress | null {
  if (typeof data !== "string") return null;
  const match = /^s:([1-9]\d{0,8}):([caxb])$/.exec(data);
  if (!match) return null;
  const kind = (Object.keys(pressCodes) as Array<keyof typeof pressCodes>).find(
    (name) => pressCodes[name] === match[2],
  );
  return kind ? { orderNumber: Number(match[1]), kind } : null;
}

/** While the order is new the shopper can confirm or cancel it from the chat; later, nothing. */
export function shopperKeyboard(
  orderNumber: number,
  status: OrderStatus,
  t: ShopperTranslate,
): InlineKeyboard | null {
  if (status !== "new") return null;
  const button = (text: string, kind: ShopperPress["kind"]) => ({
    text,
    callback_data: encodeShopperPress({ orderNumber, kind }),
  });
  return {
    inline_keyboard: [[button(t("bot.confirm"), "confirm")], [button(t("track.cancel"), "ask")]],
  };
}

/** Cancel asked once more: yes, or keep it (back to Confirm and Cancel). */
export function shopperAskKeyboard(orderNumber: number, t: ShopperTranslate): InlineKeyboard {
  return {
    inline_keyboard: [
      [
        {
          text: t("track.cancelYes"),
          callback_data: encodeShopperPress({ orderNumber, kind: "cancel" }),
        },
      ],
      [
        {
          text: t("track.cancelNo"),
          callback_data: encodeShopperPress({ orderNumber, kind: "back" }),
        },
      ],
    ],
  };
}

export type OrderForShopper = Pick<
  Order,
  | "order_number"
  | "status"
  | "total"
  | "delivery_fee"
  | "delivery_area"
  | "delivery_zone"
  | "delivery_date"
  | "delivery_time"
  | "language"
> &
  Partial<Pick<Order, "discount">> & {
    /** Each promotion that took part (D86), as the order keeps them. */
    promotions?: readonly PromotionLine[];
  };

/** The order's language, or the shop's default for a language it no longer has. */
export function orderLanguage(order: Pick<Order, "language">) {
  return isLanguageCode(order.language) ? order.language : defaultLanguage;
}

/** The delivery date as every page writes it; as the shopper typed it when it is no date. */
function deliveryDate(order: OrderForShopper): string {
  return order.delivery_date ? formatShopDate(order.delivery_date) : order.delivery_time;
}

function values(order: OrderForShopper) {
  return {
    number: formatOrderNumber(order.order_number),
    date: deliveryDate(order),
    total: formatPrice(order.total, orderLanguage(order)),
  };
}

/**
 * The order's money with its delivery line (D84), while there is cash to pay: the goods,
 * the delivery to its area (its fee, or free) and the total the courier collects. None for
 * an order without a delivery line, or once it is over.
 */
function amountLines(order: OrderForShopper, t: ShopperTranslate): string[] {
  const language = orderLanguage(order);
  // The area as it was named in the order's language, which is the shopper's.
  const delivery = deliveryView(order, [], language);
  const promotions = order.promotions ?? [];
  if (
    (!delivery && promotions.length === 0) ||
    !["new", "confirmed", "shipped"].includes(order.status)
  )
    return [];
  const money = (tetri: number) => formatPrice(tetri, language);
  const amounts = orderAmounts(order);
  return [
    "",
    t("amounts.goods", { goods: money(amounts.goods) }),
    ...promotions.map((line) => promotionWords(line, t, money)),
    ...(delivery ? [deliveryWords(delivery, t, money)] : []),
    t("amounts.total", { total: money(amounts.total) }),
  ].map((line) => escapeHtml(line));
}

/** What the shopper is told when the order moves to `status` (escaped for parse_mode HTML). */
export function statusText(order: OrderForShopper, t: ShopperTranslate): string {
  return [
    escapeHtml(t(`bot.status.${order.status}`, values(order))),
    ...amountLines(order, t),
  ].join("\n");
}

/** The answer to Start on the order's link: linked, where it stands, and how to stop. */
export function linkedText(order: OrderForShopper, t: ShopperTranslate): string {
  return [
    escapeHtml(t("bot.linked", values(order))),
    "",
    statusText(order, t),
    ...(order.status === "new" ? ["", escapeHtml(t("bot.confirmAsk"))] : []),
    "",
    escapeHtml(t("bot.howToStop")),
  ].join("\n");
}

/** The delivery day's morning: the parcel comes today, have the cash ready. */
export function morningText(order: OrderForShopper, t: ShopperTranslate): string {
  return [escapeHtml(t("bot.morning", values(order))), ...amountLines(order, t)].join("\n");
}

/** A message's text as the desk shows it: the chat's HTML without its markup. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
