import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { itemTitle } from "~/desk/order-words";
import { getDeskOrder } from "~/desk/orders.server";
import { requireStaff } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { formatOrderNumber } from "~/orders/order-number";
import { shop } from "~/platform/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** A packing slip to print and put in the parcel: who, where, what, and the cash to collect. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const number = params.number && /^\d{1,6}$/.test(params.number) ? Number(params.number) : null;
  const found = number === null ? null : await getDeskOrder(shop.db, number);
  if (!found) throw new Response("No such order.", { status: 404 });
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const shown = formatOrderNumber(found.order.order_number);
  return {
    meta: {
      title: pageTitle(t, t("slip.title", { number: shown }), { brand: false }),
      noindex: true,
    },
    number: shown,
    address: found.order.address,
    phone: found.order.phone,
    deliveryDate: found.order.delivery_time,
    total: found.order.total,
    items: found.items.map((item) => ({
      key: item.item_key,
      title: itemTitle(item, shop.content().catalog, language),
      qty: item.qty,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function PackingSlip() {
  const slip = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <article className="desk-page desk-slip">
      <p className="desk-slip__screen-only">
        <Link to={`/desk/orders/${slip.number}`}>{t("slip.back")}</Link>{" "}
        <span className="desk-muted">{t("slip.printHint")}</span>
      </p>
      <h1>{t("slip.title", { number: slip.number })}</h1>
      <dl className="desk-details">
        <div>
          <dt>{t("order.address")}</dt>
          <dd className="desk-address">
            <bdi>{slip.address}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("order.phone")}</dt>
          <dd>
            <bdi>{slip.phone}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("order.deliveryDate")}</dt>
          <dd>
            <bdi>{slip.deliveryDate}</bdi>
          </dd>
        </div>
      </dl>
      <table className="desk-items">
        <thead>
          <tr>
            <th scope="col">{t("order.product")}</th>
            <th scope="col">{t("order.qty")}</th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item) => (
            <tr key={item.key}>
              <td>{item.title}</td>
              <td>{item.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="desk-slip__total">
        {t("order.totalToCollect")} <Price amount={slip.total} />
      </p>
    </article>
  );
}
