import escapeHtml from "escape-html";
import type { DeliveryZone } from "~/delivery/zones";
import type { LanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { type PromotionLine, deliveryView, linePrice, orderAmounts } from "~/orders/amounts";
import { type DeskPress, chatCancelReasons, encodeDeskPress } from "~/orders/callback-data";
import { formatOrderNumber } from "~/orders/order-number";
import { asksTwice, nextStatuses } from "~/orders/status";
import { formatShopDateTime } from "~/platform/calendar";
import type { Order, OrderItem, OrderStatus } from "../../db/schema";
import { type PhoneStanding, callBeforeShipping } from "./standing";

/** Telegram refuses messages longer than this. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
const ELLIPSIS = "…";

export type OrderForMessage = Pick<
  Order,
  | "order_number"
  | "address"
  | "phone"
  | "messenger"
  | "email"
  | "delivery_time"
  | "total"
  | "delivery_fee"
  | "delivery_area"
  | "delivery_zone"
  | "name"
  | "pinned_note"
> &
  Partial<Pick<Order, "discount">>;

export type ItemForMessage = Pick<OrderItem, "title" | "qty" | "subtotal"> &
  Partial<Pick<OrderItem, "price" | "regular_price">>;

/** A translate function fixed to the chats' language; keys name their namespace (`desk:…`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The chats' language and its translate function: every text of the message is theirs. */
export interface ChatTexts {
  language: LanguageCode;
  t: Translate;
}

/**
 * Where the order stands, for the chat (D25, D26): its status and who set it last, the
 * phone's history including this order, and whether to call before shipping.
 */
export interface OrderStanding {
  status: OrderStatus;
  lastChange: { actor: string; at: number; note: string | null } | null;
  history: PhoneStanding;
  /** From this many refusals on the phone, an order not shipped yet says "call first". */
  holdAfterRefusals: number;
}

function standingLines(standing: OrderStanding, { language, t }: ChatTexts) {
  const status = t(`desk:status.${standing.status}`);
  const top = [];
  if (callBeforeShipping(standing.status, standing.history.refused, standing.holdAfterRefusals))
    top.push(`<b>${escapeHtml(t("desk:chat.hold", { refused: standing.history.refused }))}</b>`);
  top.push(
    escapeHtml(
      standing.lastChange
        ? t("desk:chat.statusBy", {
            status,
            actor: standing.lastChange.actor,
            at: formatShopDateTime(standing.lastChange.at, language),
          })
        : t("desk:chat.status", { status }),
    ),
  );
  if (standing.lastChange?.note) top.push(`<i>«${escapeHtml(standing.lastChange.note)}»</i>`);
  const { count, refused, delivered } = standing.history;
  const history = escapeHtml(
    count <= 1
      ? t("desk:order.historyFirst")
      : t("desk:order.historySummary", { count, refused, delivered }),
  );
  return { top, history };
}

/** The chat's texts, the order's standing when known, and the link to it in the desk. */
type MessageContext = ChatTexts & {
  standing?: OrderStanding;
  deskLink?: string;
  /** The courier who has the parcel (D68), named with their phone. */
  courier?: { name: string; phone: string } | null;
  /** The shop's zones, to name the area in the chats' language; else as it was placed. */
  zones?: ReadonlyArray<Pick<DeliveryZone, "id" | "names">>;
  /** Each promotion that took part in the order (D86), as it keeps them. */
  promotions?: readonly PromotionLine[];
};

function renderWith(
  order: OrderForMessage,
  items: ItemForMessage[],
  address: string,
  chat: MessageContext,
): string {
  const { t } = chat;
  const money = (tetri: number) => formatPrice(tetri, chat.language);
  /** A dictionary text in bold, escaped like any value. */
  const bold = (text: string) => `<b>${escapeHtml(text)}</b>`;
  const standing = chat.standing ? standingLines(chat.standing, chat) : null;
  const number = formatOrderNumber(order.order_number);
  const lines = [bold(t("desk:chat.message.title", { number }))];
  if (standing) lines.push(...standing.top);
  // The staff's pinned note comes first: it is what the courier must not miss.
  if (order.pinned_note) lines.push(`📌 ${escapeHtml(order.pinned_note)}`);
  lines.push("", `${bold(t("desk:chat.message.address"))} ${escapeHtml(address)}`);
  if (order.name) lines.push(`${bold(t("desk:chat.message.name"))} ${escapeHtml(order.name)}`);
  lines.push(`${bold(t("desk:chat.message.phone"))} ${escapeHtml(order.phone)}`);
  if (standing) lines.push(standing.history);
  if (order.messenger)
    lines.push(`${bold(t("desk:chat.message.messenger"))} ${escapeHtml(order.messenger)}`);
  if (order.email) lines.push(`${bold(t("desk:chat.message.email"))} ${escapeHtml(order.email)}`);
  lines.push(`${bold(t("desk:chat.message.deliveryDate"))} ${escapeHtml(order.delivery_time)}`);
  if (chat.courier)
    lines.push(
      `${bold(t("desk:chat.message.courier"))} ${escapeHtml(chat.courier.name)}, ${escapeHtml(chat.courier.phone)}`,
    );
  lines.push("", bold(t("desk:chat.message.items")));
  for (const item of items) {
    // An automatic price (D86): the jar's charged price beside its regular one.
    const unit =
      item.price !== undefined && item.regular_price != null
        ? linePrice({ price: item.price, regular_price: item.regular_price })
        : null;
    const was = unit?.regular
      ? ` (${escapeHtml(t("desk:amounts.unitPrice"))} ${money(unit.price)}, ${escapeHtml(t("desk:amounts.regularPrice"))} ${money(unit.regular)})`
      : "";
    lines.push(`• ${escapeHtml(item.title)} × ${item.qty} — ${money(item.subtotal)}${was}`);
  }
  lines.push("");
  const delivery = deliveryView(order, chat.zones ?? [], chat.language);
  const promotions = chat.promotions ?? [];
  if (delivery || promotions.length > 0)
    lines.push(`${bold(t("desk:chat.message.goods"))} ${money(orderAmounts(order).goods)}`);
  for (const promotion of promotions) {
    const label = promotion.code
      ? `${t("desk:amounts.codeLine")} ${promotion.code} (${promotion.name}):`
      : `${promotion.name} ${t("desk:amounts.inPrices")}:`;
    lines.push(`${bold(label)} −${money(promotion.amount)}`);
  }
  if (delivery) {
    const fee = delivery.delivery > 0 ? money(delivery.delivery) : t("desk:chat.message.free");
    lines.push(
      `${bold(
        delivery.area
          ? t("desk:chat.message.deliveryTo", { area: delivery.area })
          : t("desk:chat.message.delivery"),
      )} ${escapeHtml(fee)}`,
    );
  }
  lines.push(
    `${bold(t("desk:chat.message.total"))} ${money(order.total)} ${escapeHtml(t("desk:chat.message.cashOnDelivery"))}`,
  );
  if (chat.deskLink)
    lines.push(
      "",
      `<a href="${escapeHtml(chat.deskLink)}">${escapeHtml(t("desk:chat.openInDesk"))}</a>`,
    );
  return lines.join("\n");
}

/**
 * The chat message about a new order (spec §7, D13), in the chats' language: Telegram's
 * HTML parse mode, every value and text escaped, newlines rather than <br>. With the order's standing it also says the
 * status and who set it, the phone's history and, when it applies, "call before
 * shipping" (D25, D26). Kept under Telegram's limit by shortening the address before it
 * is escaped, so an entity is never cut in half.
 */
export function buildOrderMessage(
  order: OrderForMessage,
  items: ItemForMessage[],
  chat: MessageContext,
): string {
  const render = (address: string) => renderWith(order, items, address, chat);
  const full = render(order.address);
  if (full.length <= TELEGRAM_MESSAGE_LIMIT) return full;
  // The longest start of the address that fits, found by halving.
  const fits = (length: number) =>
    render(`${order.address.slice(0, length)}${ELLIPSIS}`).length <= TELEGRAM_MESSAGE_LIMIT;
  let low = 0;
  let high = order.address.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return render(`${order.address.slice(0, low)}${ELLIPSIS}`);
}

export interface InlineKeyboard {
  inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
}

/**
 * The buttons under an order's message (D25): the moves allowed from its status now, with
 * No answer beside Confirm while it is new; Cancel and Refused on a row of their own,
 * away from the rest, and asked once more (`askKeyboard`). None once it is final.
 */
export function orderKeyboard(
  orderNumber: number,
  status: OrderStatus,
  t: Translate,
): InlineKeyboard | null {
  const moves = nextStatuses(status);
  if (moves.length === 0) return null;
  const button = (text: string, press: DeskPress) => ({
    text,
    callback_data: encodeDeskPress(press),
  });
  const forward = moves
    .filter((to) => !asksTwice(to))
    .map((to) =>
      button(t(`desk:chat.button.${to}`), { kind: "move", orderNumber, from: status, to }),
    );
  if (status === "new")
    forward.push(
      button(t("desk:chat.button.noAnswer"), { kind: "call", orderNumber, from: status }),
    );
  const final = moves
    .filter((to): to is "cancelled" | "refused" => asksTwice(to))
    .map((to) =>
      button(t(`desk:chat.button.${to}`), { kind: "ask", orderNumber, from: status, to }),
    );
  return { inline_keyboard: [forward, final].filter((row) => row.length > 0) };
}

/**
 * The second question in the chat: a cancellation's reason (Other needs words, so it is
 * the desk's), or Yes for a refusal; and Back to the order's own buttons.
 */
export function askKeyboard(
  orderNumber: number,
  from: OrderStatus,
  to: "cancelled" | "refused",
  t: Translate,
): InlineKeyboard {
  const button = (text: string, press: DeskPress) => ({
    text,
    callback_data: encodeDeskPress(press),
  });
  const answers =
    to === "cancelled"
      ? chatCancelReasons.map((reason) => [
          button(t(`desk:chat.button.reason.${reason}`), {
            kind: "move",
            orderNumber,
            from,
            to,
            reason,
          }),
        ])
      : [[button(t("desk:chat.button.refusedYes"), { kind: "move", orderNumber, from, to })]];
  return {
    inline_keyboard: [
      ...answers,
      [button(t("desk:chat.button.back"), { kind: "back", orderNumber, from })],
    ],
  };
}
