import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeliveryFee } from "~/desk/DeliveryFee";
import { Minus, PromotionName, UnitPrice } from "~/desk/Promotions";
import { Price } from "~/ui/Price";
import type { OrderView } from "./view.server";

/** The shopper's fields, the items with the cash to collect, the slip and the correction. */
export function OrderDetails({ order }: { order: OrderView }) {
  const { t } = useTranslation("desk");
  return (
    <>
      <h2>{t("order.customer")}</h2>
      <dl className="desk-details">
        <div>
          <dt>{t("order.placedAt")}</dt>
          <dd>{order.placedAt}</dd>
        </div>
        <div>
          <dt>{t("order.name")}</dt>
          <dd>{order.name ? <bdi>{order.name}</bdi> : t("order.none")}</dd>
        </div>
        <div>
          <dt>{t("order.phone")}</dt>
          <dd>
            <bdi dir="ltr">{order.phone}</bdi>{" "}
            <span className="desk-contact">
              <a href={order.links.call}>{t("order.call")}</a>
              <a href={order.links.whatsApp} rel="noreferrer" target="_blank">
                {t("order.whatsApp")}
              </a>
              {order.links.telegram ? (
                <a href={order.links.telegram} rel="noreferrer" target="_blank">
                  {t("order.telegram")}
                </a>
              ) : null}
              {order.owner ? (
                <Link to={`/desk/blocked?phone=${encodeURIComponent(order.phone)}`}>
                  {t("order.blockPhone")}
                </Link>
              ) : null}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("order.messenger")}</dt>
          <dd>{order.messenger ? <bdi>{order.messenger}</bdi> : t("order.none")}</dd>
        </div>
        <div>
          <dt>{t("order.email")}</dt>
          <dd>
            {order.email ? (
              <a href={`mailto:${order.email}`}>
                <bdi>{order.email}</bdi>
              </a>
            ) : (
              t("order.none")
            )}
          </dd>
        </div>
        <div>
          <dt>{t("order.address")}</dt>
          <dd className="desk-address">
            <bdi>{order.address}</bdi>
          </dd>
        </div>
        {order.delivery?.area ? (
          <div>
            <dt>{t("amounts.deliveryArea")}</dt>
            <dd>
              <bdi>{order.delivery.area}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("order.deliveryDate")}</dt>
          <dd>
            <bdi>{order.deliveryDate}</bdi>
            {order.overdue ? <span className="desk-hold"> {t("list.overdue")}</span> : null}
            {order.notHome > 0 ? (
              <span className="desk-muted">
                {" "}
                · {t("order.notHomeCount", { count: order.notHome })}
              </span>
            ) : null}
          </dd>
        </div>
        {order.courier ? (
          <div>
            <dt>{t("order.courier")}</dt>
            <dd>
              <bdi>{order.courier.name}</bdi>,{" "}
              <a href={`tel:${order.courier.phone.replace(/\s+/g, "")}`}>
                <bdi dir="ltr">{order.courier.phone}</bdi>
              </a>
            </dd>
          </div>
        ) : null}
        {order.source ? (
          <div>
            <dt>{t("order.source")}</dt>
            <dd>
              <bdi dir="ltr">{order.source}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("order.language")}</dt>
          <dd>
            <bdi lang={order.language.lang ?? undefined}>{order.language.name}</bdi>
          </dd>
        </div>
      </dl>

      <h2>{t("order.items")}</h2>
      <table className="desk-items">
        <thead>
          <tr>
            <th scope="col">{t("order.product")}</th>
            <th scope="col">{t("order.qty")}</th>
            <th scope="col">{t("order.subtotal")}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.key}>
              <td>
                {item.title}
                <UnitPrice price={item.price} regular={item.regular} />
              </td>
              <td>{item.qty}</td>
              <td>
                <Price amount={item.subtotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.delivery || order.promotions.length > 0 ? (
            <tr>
              <th scope="row" colSpan={2}>
                {t("amounts.goods")}
              </th>
              <td>
                <Price amount={order.amounts.goods} />
              </td>
            </tr>
          ) : null}
          {order.promotions.map((line) => (
            <tr key={line.code ?? line.name} className="desk-items__promotion">
              <th scope="row" colSpan={2}>
                <PromotionName line={line} />
              </th>
              <td>
                <Minus amount={line.amount} />
              </td>
            </tr>
          ))}
          {order.delivery ? (
            <tr>
              <th scope="row" colSpan={2}>
                {t("amounts.deliveryFee")}
              </th>
              <td>
                <DeliveryFee fee={order.delivery.delivery} />
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={2}>
              {t("order.totalToCollect")}
            </th>
            <td>
              <Price amount={order.total} />
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="desk-actions__buttons">
        <Link to={`/desk/orders/${order.number}/slip`} className="desk-button">
          {t("order.slip")}
        </Link>
        {order.editable ? (
          <Link to={`/desk/orders/${order.number}/edit`} className="desk-button">
            {t("edit.open")}
          </Link>
        ) : null}
      </p>
    </>
  );
}
