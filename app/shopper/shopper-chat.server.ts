import escapeHtml from "escape-html";
import type { Transaction } from "kysely";
import { languageOfTag } from "~/i18n/detect";
import { fixedT } from "~/i18n/instance.server";
import type { LanguageCode } from "~/i18n/languages";
import { type Actor, appendEvent, changeOrderStatusIn } from "~/orders/change-status.server";
import { systemNoteColumns } from "~/orders/event-note";
import type { InlineKeyboard } from "~/orders/message";
import type { ChatSettings } from "~/orders/message.server";
import { promotionsOf } from "~/orders/read.server";
import { isoAt } from "~/platform/clock";
import { deliveredAt } from "~/reviews/reviews.server";
import type { Database, Order, OrderStatus } from "../../db/schema";
import {
  decodeShopperPress,
  linkedText,
  orderLanguage,
  readCommand,
  shopperAskKeyboard,
  shopperKeyboard,
  statusText,
} from "./shopper-chat";
import { queueReviewAsk, shopperT } from "./shopper-messages.server";
import { isTrackToken } from "./tracking";

/** The shopper acting from the chat, as the desk's timeline names them. */
export const SHOPPER_TELEGRAM_ACTOR: Actor = { name: "shopper (Telegram)", staffId: null };

/** A message the bot received, as much of it as the shop reads. */
export interface IncomingMessage {
  message_id?: number;
  chat: { id: number | string };
  /** Who wrote: Telegram says the language of their app (an IETF tag), when it knows. */
  from?: { language_code?: unknown };
  text?: string;
}

/** A help text goes to one chat at most once in this long, however often it writes. */
export const HELP_EVERY_MS = 10 * 60 * 1000;

export type ShopperMessageOutcome =
  /** Start on an order's link: the chat follows the order now (or already did). */
  | "linked"
  /** /stop: the chat follows nothing any more. */
  | "stopped"
  /** A following chat wrote something else: it is told where its order stands. */
  | "status"
  /** A chat that follows nothing, or a link that is no order's: the help text. */
  | "help"
  /** A staff chat's message: the shop does not answer it. */
  | "ignored";

/** The outbox row of a reply to a chat's message (sent once, with retries). */
function reply(
  chatId: string,
  text: string,
  topic: string,
  now: number,
  orderId: number | null,
  keyboard: InlineKeyboard | null = null,
) {
  return {
    order_id: orderId,
    topic,
    chat_id: chatId,
    text,
    reply_markup: keyboard ? JSON.stringify(keyboard) : null,
    next_attempt_at: isoAt(now),
    created_at: isoAt(now),
  };
}

/**
 * A text for a chat the shop follows no order in (D83): in its writer's language when
 * Telegram told it and the shop speaks it, else in Russian, then English.
 */
function inChatLanguage(
  key: "bot.help" | "bot.answer.forbidden",
  language: LanguageCode | null,
): string {
  if (language) return fixedT(language, "checkout")(key);
  return [fixedT("ru", "checkout")(key), fixedT("en", "checkout")(key)].join("\n\n");
}

/**
 * The language the shop knows a chat by: a desk chat's is the owner's setting for the
 * chats, a shopper's is the language of the latest order it follows; any other chat's is
 * the one its writer's Telegram says (`told`, D83), or unknown (null): then it is
 * answered in Russian and English.
 */
async function chatLanguage(
  trx: Transaction<Database>,
  chatId: string,
  chat: ChatSettings,
  told: unknown,
): Promise<LanguageCode | null> {
  if (chat.deskChatIds.includes(chatId)) return chat.language;
  const latest = await trx
    .selectFrom("shopper_chats")
    .innerJoin("orders", "orders.id", "shopper_chats.order_id")
    .select("orders.language")
    .where("shopper_chats.chat_id", "=", chatId)
    .orderBy("orders.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return latest ? orderLanguage(latest) : languageOfTag(told);
}

/**
 * A message to the bot from anyone (issue 24). `/start {payload}` with an order's chat
 * token links the chat to that order and answers, in the order's language, with where it
 * stands and, while it is new, Confirm and Cancel; `/stop` unlinks the chat from every
 * order; anything else from a following chat is told where its latest order stands, and
 * from any other chat gets the short help in its writer's language (Telegram's, when the
 * shop speaks it; else Russian and English, D83), never an order's data.
 * Every answer goes through the outbox in the update's own transaction. Staff chats are
 * never linked or answered: the desk's chat is not a shopper.
 */
export async function handleShopperMessage(
  trx: Transaction<Database>,
  message: IncomingMessage,
  context: { updateId: number; now: number; chat: ChatSettings },
): Promise<ShopperMessageOutcome> {
  const { updateId, now } = context;
  const chatId = String(message.chat.id);
  if (context.chat.deskChatIds.includes(chatId)) return "ignored";
  const command = readCommand(message.text);
  const topic = `reply:${updateId}`;

  if (command.kind === "start" && command.payload && isTrackToken(command.payload)) {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("chat_token", "=", command.payload)
      .executeTakeFirst();
    if (order) {
      const linked = await trx
        .insertInto("shopper_chats")
        .values({ order_id: order.id, chat_id: chatId, linked_at: isoAt(now) })
        .onConflict((conflict) => conflict.columns(["order_id", "chat_id"]).doNothing())
        .executeTakeFirst();
      if (Number(linked.numInsertedOrUpdatedRows ?? 0) === 1) {
        await noteFollowing(trx, order.id, "event.followed", now);
        // Delivered already: the review ask comes here too while it is open.
        const delivered = await deliveredAt(trx, order);
        if (delivered !== null)
          await queueReviewAsk(trx, order, delivered, now, context.chat, [chatId]);
      }
      const t = shopperT(order);
      await trx
        .insertInto("notifications")
        .values(
          reply(
            chatId,
            linkedText(
              { ...order, promotions: (await promotionsOf(trx, [order.id])).get(order.id) ?? [] },
              t,
            ),
            topic,
            now,
            order.id,
            shopperKeyboard(order.order_number, order.status, t),
          ),
        )
        .execute();
      return "linked";
    }
  }

  const following = await trx
    .selectFrom("shopper_chats")
    .innerJoin("orders", "orders.id", "shopper_chats.order_id")
    .selectAll("orders")
    .where("shopper_chats.chat_id", "=", chatId)
    .orderBy("orders.id", "desc")
    .execute();

  if (command.kind === "stop" && following.length > 0) {
    await trx.deleteFrom("shopper_chats").where("chat_id", "=", chatId).execute();
    // What was queued for this chat and not sent yet (a later ask, a morning) stays unsent.
    await trx
      .deleteFrom("notifications")
      .where("chat_id", "=", chatId)
      .where((eb) =>
        eb.or(["status:%", "morning:%", "review:%"].map((topic) => eb("topic", "like", topic))),
      )
      .where("status", "=", "pending")
      .where("message_id", "is", null)
      .execute();
    for (const order of following) await noteFollowing(trx, order.id, "event.unfollowed", now);
    const latest = following[0] as Order;
    await trx
      .insertInto("notifications")
      .values(reply(chatId, escapeHtml(shopperT(latest)("bot.stopped")), topic, now, latest.id))
      .execute();
    return "stopped";
  }

  const latest = following[0];
  if (latest) {
    const t = shopperT(latest);
    const promotions = (await promotionsOf(trx, [latest.id])).get(latest.id) ?? [];
    const text = [
      statusText({ ...latest, promotions }, t),
      "",
      escapeHtml(t("bot.howToStop")),
    ].join("\n");
    await trx
      .insertInto("notifications")
      .values(
        reply(
          chatId,
          text,
          topic,
          now,
          latest.id,
          shopperKeyboard(latest.order_number, latest.status, t),
        ),
      )
      .execute();
    return "status";
  }

  // Someone the shop does not know: the help, at most once in ten minutes per chat.
  await trx
    .insertInto("notifications")
    .values(
      reply(
        chatId,
        escapeHtml(inChatLanguage("bot.help", languageOfTag(message.from?.language_code))),
        `help:${Math.floor(now / HELP_EVERY_MS)}`,
        now,
        null,
      ),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .execute();
  return "help";
}

/** A chat started or stopped following: a line in the order's timeline. */
async function noteFollowing(
  trx: Transaction<Database>,
  orderId: number,
  key: "event.followed" | "event.unfollowed",
  now: number,
) {
  await appendEvent(trx, orderId, SHOPPER_TELEGRAM_ACTOR, now, {
    kind: "note",
    from_status: null,
    to_status: null,
    note: null,
    ...systemNoteColumns({ key, values: {} }),
  });
}

/** What came of a shopper's button press, and what to show for it. */
export type ShopperPressVerdict =
  | { outcome: "notMine" }
  /**
   * Pressed in a staff chat, or in a chat that does not follow that order; answered in the
   * chat's language when the shop knows it.
   */
  | { outcome: "forbidden"; language: LanguageCode | null }
  /** The order is no longer new: nothing changed. */
  | { outcome: "stale"; status: OrderStatus; order: Order }
  | { outcome: "asked" | "back"; keyboard: InlineKeyboard; order: Order }
  | { outcome: "confirmed" | "cancelled"; order: Order };

/**
 * A press on a shopper's button (`s:…`), in the update's transaction. It counts only from
 * a chat that follows that very order and is not a staff chat, only while the order is
 * new; a confirmation moves it new → confirmed and a cancellation (asked once more)
 * new → cancelled, through the one status change, as "shopper (Telegram)". Anything
 * else a button press carries is not the shopper's (`notMine`): the desk reads it.
 */
export async function handleShopperPress(
  trx: Transaction<Database>,
  press: { chatId: string; data: unknown; language?: unknown },
  now: number,
  chat: ChatSettings,
): Promise<ShopperPressVerdict> {
  const wanted = decodeShopperPress(press.data);
  if (!wanted) return { outcome: "notMine" };
  const forbidden = async () =>
    ({
      outcome: "forbidden",
      language: await chatLanguage(trx, press.chatId, chat, press.language),
    }) as const;
  if (chat.deskChatIds.includes(press.chatId)) return forbidden();
  const order = await trx
    .selectFrom("orders")
    .innerJoin("shopper_chats", "shopper_chats.order_id", "orders.id")
    .selectAll("orders")
    .where("orders.order_number", "=", wanted.orderNumber)
    .where("shopper_chats.chat_id", "=", press.chatId)
    .executeTakeFirst();
  if (!order) return forbidden();
  if (order.status !== "new") return { outcome: "stale", status: order.status, order };
  const t = shopperT(order);
  if (wanted.kind === "ask")
    return { outcome: "asked", keyboard: shopperAskKeyboard(order.order_number, t), order };
  if (wanted.kind === "back")
    return {
      outcome: "back",
      keyboard: shopperKeyboard(order.order_number, order.status, t) ?? { inline_keyboard: [] },
      order,
    };
  const to = wanted.kind === "confirm" ? "confirmed" : "cancelled";
  const change = await changeOrderStatusIn(
    trx,
    {
      orderNumber: order.order_number,
      to,
      actor: SHOPPER_TELEGRAM_ACTOR,
      systemNote: to === "cancelled" ? { key: "cancelReason.byShopper", values: {} } : undefined,
    },
    now,
    chat,
  );
  if (change.outcome === "moved") return { outcome: to, order: change.order };
  const current = change.outcome === "notFound" ? order : change.order;
  return { outcome: "stale", status: current.status, order: current };
}

/** The short answer under a shopper's press, in the order's (or the chat's) language. */
export function shopperPressAnswer(verdict: ShopperPressVerdict): string {
  if (verdict.outcome === "forbidden")
    return inChatLanguage("bot.answer.forbidden", verdict.language);
  if (verdict.outcome === "notMine") return inChatLanguage("bot.answer.forbidden", null);
  const t = shopperT(verdict.order);
  if (verdict.outcome === "stale")
    return t("bot.answer.stale", { status: t(`track.step.${verdict.status}`) });
  if (verdict.outcome === "asked") return t("track.cancelTitle");
  if (verdict.outcome === "back") return t("bot.answer.back");
  return t(`bot.answer.${verdict.outcome}`);
}
