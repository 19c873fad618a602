import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { openManifest } from "~/desk/manifest.server";
import { formatPrice } from "~/i18n/money";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDate } from "~/platform/calendar";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * A courier's manifest for a day (D68), printable on A4 from a phone: every parcel with
 * its number, name, address, phone, items and cash (goods and delivery), by zone then
 * address, each zone's cash and the total to bring back (D84).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const { manifest, language } = await openManifest(shop, session, request);
  const t = shop.t(language, "desk");
  const title = t("manifest.title", {
    courier: manifest.courier.name,
    date: formatShopDate(manifest.day),
  });
  return {
    meta: { title: pageTitle(t, title, { brand: false }), noindex: true },
    title,
    query: new URL(request.url).searchParams.toString(),
    courier: manifest.courier,
    day: manifest.day,
    total: manifest.figures.expected,
    count: manifest.groups.reduce((sum, group) => sum + group.items.length, 0),
    groups: manifest.groups.map((group) => ({
      key: group.key,
      name: group.name,
      cash: group.cash,
      parcels: group.items.map((parcel) => ({
        number: formatOrderNumber(parcel.orderNumber),
        name: parcel.name,
        address: parcel.address,
        phone: parcel.phone,
        pinned: parcel.pinnedNote,
        items: parcel.items,
        amount: parcel.amount,
        delivery: parcel.delivery,
        discount: parcel.discount,
        promoCode: parcel.promoCode,
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Manifest() {
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("desk");
  return (
    <div className="desk-page desk-manifest">
      <p className="desk-slip__screen-only">
        <Link
          to={`/desk/handoff?${new URLSearchParams({ day: page.day, courier: String(page.courier.id) })}`}
        >
          {t("deskNav.handoff")}
        </Link>{" "}
        ·{" "}
        <a href={`/desk/manifest.csv?${page.query}`} download>
          {t("handoff.manifestCsv")}
        </a>{" "}
        <span className="desk-muted">{t("slip.printHint")}</span>
      </p>
      <h1>{page.title}</h1>
      <p>
        <bdi>{page.courier.name}</bdi>, <bdi dir="ltr">{page.courier.phone}</bdi> ·{" "}
        {t("manifest.parcels", { count: page.count })}
      </p>
      <table className="desk-items desk-manifest__table">
        <thead>
          <tr>
            <th scope="col">{t("csv.number")}</th>
            <th scope="col">{t("manifest.recipient")}</th>
            <th scope="col">{t("csv.items")}</th>
            <th scope="col">{t("manifest.cash")}</th>
          </tr>
        </thead>
        {page.groups.map((group) => (
          <tbody key={group.key} className="desk-manifest__zone">
            <tr>
              <th scope="rowgroup" colSpan={4} className="desk-manifest__zone-name">
                <bdi>{group.name}</bdi>
              </th>
            </tr>
            {group.parcels.map((parcel) => (
              <tr key={parcel.number}>
                <th scope="row">{parcel.number}</th>
                <td>
                  {parcel.name ? (
                    <>
                      <bdi>{parcel.name}</bdi>
                      <br />
                    </>
                  ) : null}
                  <bdi className="desk-address">{parcel.address}</bdi>
                  <br />
                  <bdi dir="ltr">{parcel.phone}</bdi>
                  {parcel.pinned ? (
                    <>
                      <br />📌 <bdi>{parcel.pinned}</bdi>
                    </>
                  ) : null}
                </td>
                <td>
                  {parcel.items.map((item) => (
                    <span key={item.key} className="desk-manifest__item">
                      {t("order.itemLine", { title: item.title, qty: item.qty })}
                    </span>
                  ))}
                </td>
                <td>
                  <Price amount={parcel.amount} />
                  {parcel.discount > 0 ? (
                    <span className="desk-manifest__item desk-muted desk-manifest__discount">
                      {t("manifest.afterDiscount", {
                        code: parcel.promoCode ?? "",
                        discount: formatPrice(parcel.discount, i18n.language),
                      })}
                    </span>
                  ) : null}
                  {parcel.delivery > 0 ? (
                    <span className="desk-manifest__item desk-muted">
                      {t("manifest.withFee", { fee: formatPrice(parcel.delivery, i18n.language) })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
            <tr className="desk-manifest__subtotal">
              <th scope="row" colSpan={3}>
                {t("manifest.zoneTotal", { zone: group.name })}
              </th>
              <td>
                <Price amount={group.cash} />
              </td>
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t("manifest.total")}
            </th>
            <td>
              <strong>
                <Price amount={page.total} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
