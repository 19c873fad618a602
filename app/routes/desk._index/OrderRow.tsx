import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeliveryFee } from "~/desk/DeliveryFee";
import { Minus } from "~/desk/Promotions";
import type { DeskFilterQuery } from "~/desk/search";
import { Isolated, isolate } from "~/i18n/isolate";
import { Price } from "~/ui/Price";
import type { List, Row } from "./types";

/** One order of the list: its box for the bulk bar, its facts, and the queue's presses. */
export function OrderRow({
  row,
  list,
  href,
  here,
}: {
  row: Row;
  list: List;
  href: (changes: Partial<DeskFilterQuery>) => string;
  here: string;
}) {
  const { t } = useTranslation("desk");
  const { key: visit } = useLocation();
  return (
    <li className={`desk-order${row.late ? " desk-order--late" : ""}`}>
      <p className="desk-order__head">
        <input
          // A new box when Select all changes (defaultChecked applies to new ones only) and
          // after every action: what was ticked was acted on, and is not offered again.
          key={`${list.selectAll}:${visit}`}
          type="checkbox"
          form="desk-bulk"
          name="order"
          value={row.number}
          defaultChecked={list.selectAll}
          aria-label={t("list.select", { number: row.number })}
          className="desk-order__select"
        />
        <Link to={`/desk/orders/${row.number}`} className="desk-order__link">
          {t("order.number", { number: row.number })}
        </Link>
        <span className="desk-order__age">{row.age}</span>
        <span className={`desk-status desk-status--${row.status}`}>
          {t(`status.${row.status}`)}
        </span>
      </p>
      <p className="desk-order__line">
        {row.name ? <bdi className="desk-order__name">{row.name}</bdi> : null}
        <a href={row.tel} className="desk-order__phone">
          <bdi dir="ltr">{row.phone}</bdi>
        </a>
        <span className="desk-muted">
          {row.standing.count <= 1
            ? t("list.firstOrder")
            : t("list.history", {
                count: row.standing.count,
                refused: row.standing.refused,
              })}
        </span>
      </p>
      <p className="desk-order__line">
        <bdi className="desk-order__clip">{row.address}</bdi>
        <span>
          {t("list.deliveryShort")} <bdi>{row.deliveryDate}</bdi>
        </span>
      </p>
      <p className="desk-order__line">
        <span className="desk-order__clip">
          {row.items.map((item, index) => (
            <span key={item.key}>
              {index > 0 ? ", " : null}
              <Isolated text={t("order.itemLine", { title: isolate(item.title), qty: item.qty })} />
            </span>
          ))}
        </span>
        <strong>
          <Price amount={row.total} />
        </strong>
      </p>
      {row.delivery || row.amounts.discount > 0 ? (
        <p className="desk-order__line desk-muted">
          {row.delivery?.area ? <bdi className="desk-order__clip">{row.delivery.area}</bdi> : null}
          <span>
            {t("amounts.goods")} <Price amount={row.amounts.goods} />
            {row.promoCode && row.amounts.discount > 0 ? (
              <>
                {" · "}
                {t("amounts.codeLine")} <bdi dir="ltr">{row.promoCode}</bdi>{" "}
                <Minus amount={row.amounts.discount} />
              </>
            ) : null}
            {row.delivery ? (
              <>
                {" · "}
                {t("amounts.deliveryFee")} <DeliveryFee fee={row.delivery.delivery} />
              </>
            ) : null}
          </span>
        </p>
      ) : null}
      {row.overdue ||
      row.late ||
      row.hold ||
      row.calls > 0 ||
      row.byPhone ||
      row.pinned ||
      row.tags.length > 0 ? (
        <p className="desk-order__marks">
          {row.overdue ? <span className="desk-hold">{t("list.overdue")}</span> : null}
          {row.late ? (
            <span className="desk-hold">{t("list.late", { hours: list.lateHours })}</span>
          ) : null}
          {row.hold ? (
            <span className="desk-hold">{t("order.hold", { refused: row.standing.refused })}</span>
          ) : null}
          {row.pinned ? (
            <span className="desk-order__pinned">
              📌 <bdi>{row.pinned}</bdi>
            </span>
          ) : null}
          {row.tags.map((tag) => (
            <Link
              key={tag}
              to={href({ tag, tab: "all", page: 1 })}
              className="desk-tag"
              aria-label={t("list.tagged", { tag })}
            >
              #<bdi>{tag}</bdi>
            </Link>
          ))}
          {row.byPhone ? <span className="desk-order__calls">{t("list.byPhone")}</span> : null}
          {row.calls > 0 ? (
            <span className="desk-order__calls">{t("list.calls", { count: row.calls })}</span>
          ) : null}
        </p>
      ) : null}
      {row.status === "new" ? (
        <Form method="post" preventScrollReset className="desk-order__actions">
          <input type="hidden" name="order" value={row.number} />
          <button
            type="submit"
            name="to"
            value="confirmed"
            className="desk-button desk-button--primary"
            aria-label={t("list.outcomeFor", {
              outcome: t("outcome.confirmed"),
              number: row.number,
            })}
          >
            {t("outcome.confirmed")}
          </button>
          <button
            type="submit"
            name="intent"
            value="call"
            className="desk-button"
            aria-label={t("list.outcomeFor", {
              outcome: t("outcome.noAnswer"),
              number: row.number,
            })}
          >
            {t("outcome.noAnswer")}
          </button>
          <Link
            to={`/desk/orders/cancel?order=${row.number}&back=${encodeURIComponent(here)}`}
            className="desk-button desk-button--danger desk-order__cancel"
            aria-label={t("list.outcomeFor", {
              outcome: t("outcome.cancel"),
              number: row.number,
            })}
          >
            {t("outcome.cancel")}
          </Link>
        </Form>
      ) : null}
    </li>
  );
}
