import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { formatShopDateTime } from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import { NUMBERS_KEPT, accessActors, readAccessLog } from "~/privacy/access-log.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * Who read which orders, when (D35, owners): opened orders, searches, CSV exports, packing
 * slips, manifests and exports of a person's data, newest first. A GET form filters it by
 * person or order; nothing on this page, or anywhere, changes an entry.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const url = new URL(request.url);
  const actor = url.searchParams.get("person") ?? "";
  const orderText = asciiDigits(url.searchParams.get("order") ?? "")
    .trim()
    .replace(/^#/, "");
  const orderNumber = /^\d{1,6}$/.test(orderText) ? Number(orderText) : null;
  const before = Number(url.searchParams.get("before") || Number.NaN);
  const [{ entries, more }, people] = await Promise.all([
    readAccessLog(shop.db, {
      actor: actor || null,
      orderNumber,
      before: Number.isInteger(before) ? before : null,
    }),
    accessActors(shop.db),
  ]);
  const next = new URLSearchParams(url.searchParams);
  const last = entries.at(-1);
  if (last) next.set("before", String(last.id));
  return {
    meta: { title: pageTitle(t, t("privacy.access.title"), { brand: false }), noindex: true },
    filter: { person: people.includes(actor) ? actor : "", order: orderNumber ? orderText : "" },
    people,
    // The page says how many of a read's order numbers an entry keeps.
    numbersKept: NUMBERS_KEPT,
    olderHref: more ? `/desk/privacy/access?${next}` : null,
    entries: entries.map((entry) => ({
      id: entry.id,
      at: formatShopDateTime(Date.parse(entry.at), language),
      actor: entry.actor,
      action: entry.action,
      orders: entry.orders ? entry.orders.split(",") : [],
      count: entry.count,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/** Orders named in an entry: the first few as links, then how many in all. */
const SHOWN = 12;

export default function DeskAccessLog() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <p>
        <Link to="/desk/privacy">{t("privacy.title")}</Link>
      </p>
      <h1>{t("privacy.access.title")}</h1>
      <p>{t("privacy.access.intro", { kept: page.numbersKept })}</p>
      <Form method="get" className="desk-inline-form">
        <label htmlFor="access-person">{t("privacy.access.person")}</label>
        <select id="access-person" name="person" defaultValue={page.filter.person}>
          <option value="">{t("privacy.access.everyone")}</option>
          {page.people.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor="access-order">{t("privacy.access.order")}</label>
        <input
          id="access-order"
          name="order"
          inputMode="numeric"
          dir="ltr"
          size={8}
          maxLength={7}
          defaultValue={page.filter.order}
        />
        <button type="submit" className="desk-button">
          {t("privacy.access.show")}
        </button>
      </Form>
      {page.entries.length === 0 ? (
        <p className="desk-empty">{t("privacy.access.none")}</p>
      ) : (
        <ol className="desk-access">
          {page.entries.map((entry) => (
            <li key={entry.id}>
              <span>{entry.at}</span> · <bdi>{entry.actor}</bdi> ·{" "}
              {t(`privacy.access.actions.${entry.action}`)} ·{" "}
              {t("privacy.access.orders", { count: entry.count })}
              {entry.orders.length > 0 ? ": " : null}
              {entry.orders.slice(0, SHOWN).map((number, index) => (
                <span key={number}>
                  {index > 0 ? ", " : null}
                  <Link to={`/desk/orders/${number}`}>{number}</Link>
                </span>
              ))}
              {entry.count > SHOWN ? " …" : null}
            </li>
          ))}
        </ol>
      )}
      {page.olderHref ? (
        <p>
          <Link to={page.olderHref}>{t("privacy.access.older")}</Link>
        </p>
      ) : null}
    </section>
  );
}
