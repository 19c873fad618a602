import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TimelineEvents } from "~/desk/Timeline";
import { Isolated } from "~/i18n/isolate";
import { Price } from "~/ui/Price";
import type { OrderView } from "./view.server";

/**
 * The phone's other orders, the order's timeline, and every message the shop queued for
 * the shopper, by Telegram, SMS or e-mail, with how each stands.
 */
export function OrderHistory({ order }: { order: OrderView }) {
  const { t } = useTranslation("desk");
  return (
    <>
      <h2>{t("order.history")}</h2>
      <p>
        {order.history.others.length === 0
          ? t("order.historyFirst")
          : t("order.historySummary", {
              count: order.history.others.length + 1,
              refused: order.history.refused,
              delivered: order.history.delivered,
            })}
      </p>
      {order.history.others.length > 0 ? (
        <ul className="desk-history">
          {order.history.others.map((other) => (
            <li key={other.number}>
              <Link to={`/desk/orders/${other.number}`}>
                {t("order.number", { number: other.number })}
              </Link>{" "}
              {other.placedAt} · {t(`status.${other.status}`)} · <Price amount={other.total} />
            </li>
          ))}
        </ul>
      ) : null}

      <h2>{t("order.timeline")}</h2>
      <ol className="desk-timeline">
        <li>
          <span className="desk-timeline__at">{order.placedAt}</span> {t("order.placedEvent")}
        </li>
        <TimelineEvents events={order.events} />
      </ol>

      <h2>{t("shopMessages.title")}</h2>
      <p>
        {order.shopperChat.since
          ? t("order.shopperChat.follows", { date: order.shopperChat.since })
          : t("order.shopperChat.notFollowing")}
      </p>
      {order.shopperChat.messages.length > 0 ? (
        <>
          <h3>{t("shopMessages.list")}</h3>
          <ol className="desk-timeline">
            {order.shopperChat.messages.map((message) => (
              <li key={message.id} data-channel={message.channel} data-outcome={message.outcome}>
                <span className="desk-timeline__at">{message.at}</span>{" "}
                <span className="desk-timeline__actor">
                  <Isolated text={message.how} />
                </span>{" "}
                <span
                  className={
                    message.outcome === "failed"
                      ? "desk-message-state desk-message-state--failed"
                      : "desk-message-state"
                  }
                >
                  <Isolated text={message.state} />
                </span>
                {message.text ? <q className="desk-timeline__note">{message.text}</q> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}
