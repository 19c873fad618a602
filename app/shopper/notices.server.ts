import type { Transaction } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import { orderAmounts } from "~/orders/amounts";
import type { Translate } from "~/orders/message";
import type { Messaging } from "~/orders/messaging";
import { formatOrderNumber } from "~/orders/order-number";
import { type QueuedMessage, queueMessages } from "~/orders/outbox.server";
import { smsNumber } from "~/platform/sms-number";
import {
  type MessageKind,
  deskNewOrderEmail,
  deskNewOrderSms,
  emailMessage,
  smsText,
} from "~/shopper/message-texts";
import type { Database, Order } from "../../db/schema";
import { followingChats } from "./following.server";
import { orderLanguage } from "./shopper-chat";

/** The shopper's SMS and e-mail need a phone, an address and the order's page. */
type NoticeOrder = Pick<
  Order,
  | "id"
  | "order_number"
  | "phone"
  | "email"
  | "language"
  | "track_token"
  | "total"
  | "delivery_fee"
  | "discount"
  | "delivery_date"
>;

/** The private page's address, and the page that stops messages (D87). */
export function orderLinks(publicUrl: string | null, token: string | null) {
  if (!publicUrl || !token) return { page: null, review: null, stop: null };
  const page = `${publicUrl}/o/${token}`;
  return { page, review: `${page}#review`, stop: `${page}/stop` };
}

/**
 * Queues the shopper's message of `kind` about an order (D87), in the caller's
 * transaction: by SMS unless a Telegram chat follows the order (Telegram tells it there)
 * or the owner turned that message's SMS off, and by e-mail as well when the shopper gave
 * an address. Named by `topic`, so however often anything runs each destination gets it
 * once; a phone or address that asked for no more messages is left out by the outbox.
 */
export async function queueShopperNotices(
  trx: Transaction<Database>,
  kind: MessageKind,
  order: NoticeOrder,
  messaging: Messaging | undefined,
  when: { topic: string; now: number; dueAt?: number; courier?: string | null },
): Promise<void> {
  if (!messaging || (!messaging.sms && !messaging.email)) return;
  const phone = order.phone ? smsNumber(order.phone) : null;
  const bySms =
    messaging.sms &&
    phone !== null &&
    messaging.smsKinds()[kind] &&
    (await followingChats(trx, order.id)).length === 0;
  const byEmail = messaging.email && Boolean(order.email);
  if (!bySms && !byEmail) return;
  const language = orderLanguage(order);
  const t = fixedT(language, "checkout") as unknown as Translate;
  const links = orderLinks(messaging.publicUrl, order.track_token);
  const view = {
    number: formatOrderNumber(order.order_number),
    // The cash the courier collects: the one amount every surface shows (D84, D86).
    total: orderAmounts(order).total,
    deliveryDate: order.delivery_date,
    courier: when.courier ?? null,
    link: kind === "delivered" ? links.review : links.page,
    language,
  };
  const base = {
    orderId: order.id,
    topic: when.topic,
    dueAt: when.dueAt ?? when.now,
    now: when.now,
  };
  const messages: QueuedMessage[] = [];
  if (bySms && phone)
    messages.push({ ...base, channel: "sms", to: phone, text: smsText(kind, view, t) });
  if (byEmail && order.email) {
    const mail = emailMessage(kind, { ...view, unsubscribe: links.stop }, t, {});
    messages.push({
      ...base,
      channel: "email",
      to: order.email,
      text: mail.text,
      email: {
        subject: mail.subject,
        html: mail.html,
        // RFC 8058: a mail client's own "Unsubscribe" stops them in one press.
        headers: links.stop
          ? {
              "List-Unsubscribe": `<${links.stop}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
          : {},
      },
    });
  }
  await queueMessages(trx, messages);
}

/**
 * The owner hears of each new order by e-mail and SMS (D87), besides or instead of
 * Telegram: DESK_NOTIFY_EMAILS and DESK_NOTIFY_PHONES and the settings' lists, in the desk
 * chats' language, with a link to the order in the desk.
 */
export async function queueDeskNotices(
  trx: Transaction<Database>,
  order: Pick<Order, "id" | "order_number" | "phone" | "total" | "delivery_area" | "delivery_date">,
  messaging: Messaging | undefined,
  now: number,
): Promise<void> {
  if (!messaging) return;
  const desk = messaging.desk();
  const phones = messaging.sms ? desk.phones : [];
  const emails = messaging.email ? desk.emails : [];
  if (phones.length === 0 && emails.length === 0) return;
  const number = formatOrderNumber(order.order_number);
  const view = {
    number,
    total: order.total,
    phone: order.phone,
    area: order.delivery_area,
    deliveryDate: order.delivery_date,
    link: messaging.publicUrl ? `${messaging.publicUrl}/desk/orders/${order.order_number}` : null,
    language: desk.language,
  };
  const t = fixedT(desk.language, "desk") as unknown as Translate;
  const base = { orderId: order.id, topic: `desk-new:${order.id}`, dueAt: now, now };
  const sms = phones.length > 0 ? deskNewOrderSms(view, t) : "";
  const mail = emails.length > 0 ? deskNewOrderEmail(view, t) : null;
  await queueMessages(trx, [
    ...phones.map((to) => ({ ...base, channel: "sms" as const, to, text: sms })),
    ...(mail
      ? emails.map((to) => ({
          ...base,
          channel: "email" as const,
          to,
          text: mail.text,
          email: { subject: mail.subject, html: mail.html, headers: {} },
        }))
      : []),
  ]);
}
