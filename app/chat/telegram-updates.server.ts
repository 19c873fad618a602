import type { Kysely } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import { decodeDeskPress } from "~/orders/callback-data";
import { changeOrderStatusIn, recordNoAnswerIn } from "~/orders/change-status.server";
import { askKeyboard, orderKeyboard } from "~/orders/message";
import type { ChatSettings } from "~/orders/message.server";
import { transition } from "~/orders/status";
import type { BotApi } from "~/platform/bot-api.server";
import { isoAt } from "~/platform/clock";
import {
  type IncomingMessage,
  type ShopperPressVerdict,
  handleShopperMessage,
  handleShopperPress,
  shopperPressAnswer,
} from "~/shopper/shopper-chat.server";
import type { Database } from "../../db/schema";

/** The parts of a Telegram update the shop reads; everything else is ignored. */
export interface TelegramUpdate {
  update_id: number;
  /** A message to the bot: a shopper's /start, /stop, or anything anyone writes. */
  message?: IncomingMessage;
  callback_query?: {
    id: string;
    from: {
      id: number;
      first_name?: string;
      last_name?: string;
      username?: string;
      /** The language of the presser's Telegram app (an IETF tag), when it knows. */
      language_code?: unknown;
    };
    message?: { message_id: number; chat: { id: number | string } };
    data?: string;
  };
}

/** The update kinds the shop asks Telegram for (setWebhook, getUpdates). */
export const ALLOWED_UPDATES = ["message", "callback_query"] as const;

export interface UpdateHandlerOptions {
  db: Kysely<Database>;
  api: BotApi;
  chat: ChatSettings;
  now: () => number;
  log?: Pick<Console, "info" | "warn">;
  /** After an order moved: send the edits now rather than at the next poll. */
  onChange?: () => void;
}

export type UpdateOutcome =
  /** Processed before (Telegram resent it, or the webhook and a poll overlapped). */
  | "duplicate"
  /** Not a button press, or not shaped like an update. */
  | "ignored"
  /** A press from a chat that is not a desk chat. */
  | "forbidden"
  /** A button this shop did not draw on that message: forged or garbled. */
  | "unknown"
  /** The order moved on since the button was drawn. */
  | "stale"
  | "moved"
  /** Cancel or Refused asked once more (or Back): only the buttons changed. */
  | "asked"
  /** A call nobody answered, noted. */
  | "called"
  /** A message to the bot, answered through the outbox (a shopper's /start, /stop, help). */
  | "replied";

export type UpdateHandler = (update: unknown) => Promise<UpdateOutcome>;

function isUpdate(value: unknown): value is TelegramUpdate {
  const id = (value as { update_id?: unknown } | null)?.update_id;
  return typeof id === "number" && Number.isSafeInteger(id) && id >= 0;
}

/** Who pressed, as the desk's timeline shows it: the Telegram name and id. */
function actorName(from: NonNullable<TelegramUpdate["callback_query"]>["from"]): string {
  const name =
    [from.first_name, from.last_name].filter(Boolean).join(" ").trim() ||
    (from.username ? `@${from.username}` : "");
  return `${name || "Telegram"} (Telegram ${from.id})`.slice(0, 120);
}

/**
 * Handles one Telegram update, for the webhook and the poller alike (D25). Its id is
 * recorded in the same transaction as the change it makes, so an update delivered twice
 * changes the order once, also across restarts. A press counts only from a desk chat,
 * only on the message the shop sent for that very order, and only while the order is
 * still in the status the button was drawn for; then it does what the desk does
 * (`changeOrderStatus`, with the Telegram user as the actor). Every press is answered
 * with a short text; nothing else is ever changed.
 */
export function createUpdateHandler(options: UpdateHandlerOptions): UpdateHandler {
  const { db, api, chat, now, log = console } = options;

  /**
   * A shopper's press: the pressed message's buttons follow (the question once more, back,
   * or none once the order moved on), and a short answer in the order's language.
   */
  async function answerShopper(
    press: NonNullable<TelegramUpdate["callback_query"]>,
    shopper: ShopperPressVerdict,
  ): Promise<UpdateOutcome> {
    const moved = shopper.outcome === "confirmed" || shopper.outcome === "cancelled";
    if (moved) options.onChange?.();
    if (shopper.outcome !== "forbidden" && shopper.outcome !== "notMine") {
      const edited = await api.call("editMessageReplyMarkup", {
        chat_id: press.message?.chat.id,
        message_id: press.message?.message_id,
        reply_markup:
          shopper.outcome === "asked" || shopper.outcome === "back"
            ? shopper.keyboard
            : { inline_keyboard: [] },
      });
      if (!edited.ok && !/message is not modified/i.test(edited.description))
        log.warn(`A shopper's buttons were not redrawn: ${edited.description}`);
    }
    const answered = await api.call("answerCallbackQuery", {
      callback_query_id: press.id,
      text: shopperPressAnswer(shopper),
      show_alert: shopper.outcome === "forbidden" || shopper.outcome === "stale",
    });
    if (!answered.ok) log.warn(`A Telegram button press was not answered: ${answered.description}`);
    switch (shopper.outcome) {
      case "confirmed":
      case "cancelled":
        return "moved";
      case "asked":
      case "back":
        return "asked";
      case "stale":
        return "stale";
      default:
        return "forbidden";
    }
  }

  return async (update) => {
    if (!isUpdate(update)) return "ignored";
    // The chats' language is the owner's setting: read it for every press.
    const t = fixedT(chat.language, "desk");
    const press = update.callback_query;
    const at = now();
    const verdict = await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto("telegram_updates")
        .values({ update_id: update.update_id, received_at: isoAt(at) })
        .onConflict((oc) => oc.column("update_id").doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1)
        return { outcome: "duplicate" as const };
      if (update.message && typeof update.message.chat?.id !== "undefined") {
        const said = await handleShopperMessage(trx, update.message, {
          updateId: update.update_id,
          now: at,
          chat,
        });
        return { outcome: said === "ignored" ? ("ignored" as const) : ("replied" as const) };
      }
      if (!press || typeof press.id !== "string") return { outcome: "ignored" as const };

      const chatId = String(press.message?.chat.id ?? "");
      // A shopper's button is the shopper's alone; the desk reads every other.
      const shopper = await handleShopperPress(
        trx,
        { chatId, data: press.data, language: press.from?.language_code },
        at,
        chat,
      );
      if (shopper.outcome !== "notMine") return { outcome: "shopper" as const, shopper };
      if (!chat.deskChatIds.includes(chatId)) return { outcome: "forbidden" as const };
      const wanted = decodeDeskPress(press.data);
      if (
        !wanted ||
        ((wanted.kind === "move" || wanted.kind === "ask") &&
          transition(wanted.from, wanted.to) !== "move") ||
        (wanted.kind === "call" && wanted.from !== "new")
      )
        return { outcome: "unknown" as const };
      const sent = await trx
        .selectFrom("notifications")
        .innerJoin("orders", "orders.id", "notifications.order_id")
        .select("orders.status")
        .where("orders.order_number", "=", wanted.orderNumber)
        .where("notifications.chat_id", "=", chatId)
        .where("notifications.message_id", "=", Number(press.message?.message_id))
        .executeTakeFirst();
      if (!sent) return { outcome: "unknown" as const };
      if (sent.status !== wanted.from) return { outcome: "stale" as const, status: sent.status };
      const actor = { name: actorName(press.from), staffId: null };

      // The second question, or back from it: only this message's buttons change.
      if (wanted.kind === "ask" || wanted.kind === "back")
        return {
          outcome: "asked" as const,
          status: wanted.from,
          keyboard:
            wanted.kind === "ask"
              ? askKeyboard(wanted.orderNumber, wanted.from, wanted.to, t)
              : orderKeyboard(wanted.orderNumber, wanted.from, t),
          to: wanted.kind === "ask" ? wanted.to : null,
        };
      if (wanted.kind === "call") {
        const called = await recordNoAnswerIn(
          trx,
          { orderNumber: wanted.orderNumber, actor },
          at,
          chat,
        );
        return called === "recorded" || called === "same"
          ? { outcome: "called" as const, status: wanted.from }
          : { outcome: "stale" as const, status: sent.status };
      }

      const change = await changeOrderStatusIn(
        trx,
        {
          orderNumber: wanted.orderNumber,
          to: wanted.to,
          actor,
          systemNote: wanted.reason
            ? { key: `cancelReason.${wanted.reason}`, values: {} }
            : undefined,
        },
        at,
        chat,
      );
      if (change.outcome !== "moved")
        return {
          outcome: "stale" as const,
          status: change.outcome === "notFound" ? wanted.from : change.order.status,
        };
      return { outcome: "moved" as const, status: wanted.to };
    });

    if (verdict.outcome === "replied") {
      options.onChange?.();
      return "replied";
    }
    if (verdict.outcome === "shopper")
      return press ? answerShopper(press, verdict.shopper) : "ignored";
    if (verdict.outcome === "asked") {
      const edited = await api.call("editMessageReplyMarkup", {
        chat_id: press?.message?.chat.id,
        message_id: press?.message?.message_id,
        reply_markup: verdict.keyboard ?? { inline_keyboard: [] },
      });
      if (!edited.ok) log.warn(`A chat's buttons were not redrawn: ${edited.description}`);
      const answered = await api.call("answerCallbackQuery", {
        callback_query_id: press?.id,
        text: verdict.to ? t(`chat.answer.ask.${verdict.to}`) : t("chat.answer.back"),
      });
      if (!answered.ok)
        log.warn(`A Telegram button press was not answered: ${answered.description}`);
      return "asked";
    }
    if (verdict.outcome === "called") {
      options.onChange?.();
      const answered = await api.call("answerCallbackQuery", {
        callback_query_id: press?.id,
        text: t("chat.answer.called"),
      });
      if (!answered.ok)
        log.warn(`A Telegram button press was not answered: ${answered.description}`);
      return "called";
    }
    if (verdict.outcome === "duplicate" || verdict.outcome === "ignored") return verdict.outcome;
    if (verdict.outcome === "moved") options.onChange?.();
    const status =
      verdict.outcome === "moved" || verdict.outcome === "stale"
        ? t(`status.${verdict.status}`)
        : "";
    const text =
      verdict.outcome === "moved"
        ? t("chat.answer.moved", { status })
        : verdict.outcome === "stale"
          ? t("chat.answer.stale", { status })
          : verdict.outcome === "forbidden"
            ? t("chat.answer.forbidden")
            : t("chat.answer.unknown");
    const answered = await api.call("answerCallbackQuery", {
      callback_query_id: press?.id,
      text,
      show_alert: verdict.outcome !== "moved",
    });
    if (!answered.ok) log.warn(`A Telegram button press was not answered: ${answered.description}`);
    if (verdict.outcome !== "moved")
      log.info(`Telegram update ${update.update_id}: ${verdict.outcome}, nothing changed.`);
    return verdict.outcome;
  };
}
