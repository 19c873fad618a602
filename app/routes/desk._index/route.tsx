import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "~/desk/DoneNotice";
import { type DeskFilterQuery, type DeskTab, deskListHref } from "~/desk/search";
import {
  DESK_QUEUE_REFRESH_MS,
  useKeptThisVisit,
  useRefreshWhileOpen,
} from "~/desk/use-refresh-while-open";
import { orderStatuses } from "~/orders/status";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags } from "~/ui/meta";
import { OrderRow } from "./OrderRow";
import { actOnList } from "./actions.server";
import { readOrderList } from "./view.server";

// The desk's list: the page (this file), what it reads (./view.server), what its forms do
// (./actions.server), and one order's row (./OrderRow).

const tabs: DeskTab[] = [...orderStatuses, "all"];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const { view, setCookie } = await readOrderList(shop, session, request);
  return data(view, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  return actOnList(shop, session, request, await readForm(request));
}

export default function DeskList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { filter } = data;
  const href = (changes: Partial<DeskFilterQuery>) => deskListHref({ ...filter, ...changes });
  const here = href({});
  const deliveryIsDate = /^\d{4}-\d{2}-\d{2}$/.test(filter.delivery);
  // New orders come in while the list is open. Not a search: each one is in the access log.
  useRefreshWhileOpen(DESK_QUEUE_REFRESH_MS, filter.query === "");
  const outcome = useKeptThisVisit(data.outcome);

  return (
    <section className="desk-page desk-list">
      <div className="desk-list__head">
        <h1 className="desk-list__title">{t("list.title")}</h1>
        <p className="desk-list__new">
          <Link to="/desk/orders/new">{t("list.newOrder")}</Link>
        </p>
        {data.rows.length > 0 ? (
          <p className="desk-list__select">
            {data.selectAll ? (
              <Link to={here} preventScrollReset>
                {t("list.selectNone")}
              </Link>
            ) : (
              <Link to={`${here}${here.includes("?") ? "&" : "?"}select=all`} preventScrollReset>
                {t("list.selectAll")}
              </Link>
            )}
          </p>
        ) : null}
      </div>
      <DoneNotice outcome={outcome} recent={data.recent} />

      <Form method="get" className="desk-search">
        <p className="desk-search__query">
          <label htmlFor="desk-q" className="visually-hidden">
            {t("list.search")}
          </label>
          <input
            id="desk-q"
            name="q"
            type="search"
            defaultValue={filter.query}
            maxLength={100}
            placeholder={t("list.searchHint")}
            aria-describedby="desk-q-hint"
          />
          <button type="submit" className="desk-button desk-button--primary">
            {t("list.find")}
          </button>
        </p>
        <p id="desk-q-hint" className="visually-hidden">
          {t("list.searchHint")}
        </p>
        <details
          className="desk-filters"
          open={Boolean(filter.from || filter.until || filter.delivery || filter.sort !== "placed")}
        >
          <summary>{t("list.filters")}</summary>
          <div className="desk-filters__fields">
            <p className="desk-field">
              <label htmlFor="desk-delivery">{t("list.delivery")}</label>
              <select
                id="desk-delivery"
                name="delivery"
                defaultValue={deliveryIsDate ? "" : filter.delivery}
              >
                <option value="">{t("list.deliveryAny")}</option>
                <option value="today">{t("list.deliveryToday")}</option>
                <option value="tomorrow">{t("list.deliveryTomorrow")}</option>
              </select>
            </p>
            <p className="desk-field">
              <label htmlFor="desk-delivery-on">{t("list.deliveryOn")}</label>
              <input
                id="desk-delivery-on"
                name="deliveryOn"
                type="date"
                defaultValue={deliveryIsDate ? filter.delivery : ""}
              />
            </p>
            <p className="desk-field">
              <label htmlFor="desk-from">{t("list.from")}</label>
              <input id="desk-from" name="from" type="date" defaultValue={filter.from} />
            </p>
            <p className="desk-field">
              <label htmlFor="desk-until">{t("list.until")}</label>
              <input id="desk-until" name="until" type="date" defaultValue={filter.until} />
            </p>
            <p className="desk-field">
              <label htmlFor="desk-sort">{t("list.sort")}</label>
              <select id="desk-sort" name="sort" defaultValue={filter.sort}>
                <option value="placed">{t("list.sortPlaced")}</option>
                <option value="delivery">{t("list.sortDelivery")}</option>
              </select>
            </p>
            <p className="desk-search__actions">
              <button type="submit" className="desk-button">
                {t("list.apply")}
              </button>
            </p>
          </div>
        </details>
        {filter.tag ? <input type="hidden" name="tag" value={filter.tag} /> : null}
        {filter.query || filter.from || filter.until || filter.delivery || filter.tag ? (
          <p className="desk-search__clear">
            <Link to="/desk">{t("list.clear")}</Link>
          </p>
        ) : null}
      </Form>

      <nav aria-label={t("list.tabs")} className="desk-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={href({ tab, page: 1 })}
                aria-current={tab === filter.tab ? "page" : undefined}
                className="desk-tabs__tab"
              >
                {t(`tab.${tab}`)} <span className="desk-tabs__count">{data.counts[tab]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {data.rows.length === 0 ? (
        <p className="desk-empty">{t("list.empty")}</p>
      ) : (
        <ol className="desk-orders" aria-label={t(`tab.${filter.tab}`)}>
          {data.rows.map((row) => (
            <OrderRow key={row.number} row={row} list={data} href={href} here={here} />
          ))}
        </ol>
      )}

      {data.rows.length > 0 ? (
        <Form id="desk-bulk" method="post" className="desk-bulk" aria-labelledby="desk-bulk-title">
          <h2 id="desk-bulk-title" className="desk-bulk__title">
            {t("list.bulk")}
          </h2>
          <input type="hidden" name="intent" value="move" />
          <p className="desk-bulk__buttons">
            {(["confirmed", "shipped", "delivered", "cancelled"] as const).map((to) => (
              <button
                key={to}
                type="submit"
                name="to"
                value={to}
                className={`desk-button${to === "cancelled" ? " desk-button--danger" : ""}`}
              >
                {t(`bulk.${to}`)}
              </button>
            ))}
            <button type="submit" formMethod="get" formAction="/desk/slips" className="desk-button">
              {t("list.printSlips")}
            </button>
          </p>
        </Form>
      ) : null}

      {data.pageCount > 1 ? (
        <nav aria-label={t("list.pages")} className="desk-pages">
          {filter.page > 1 ? (
            <Link to={href({ page: filter.page - 1 })} rel="prev">
              {t("list.previous")}
            </Link>
          ) : null}
          <span>{t("list.page", { page: filter.page, pages: data.pageCount })}</span>
          {filter.page < data.pageCount ? (
            <Link to={href({ page: filter.page + 1 })} rel="next">
              {t("list.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}

      <p className="desk-list__tools">
        <span>{t("list.found", { count: data.total })}</span>
        <a
          href={deskListHref({ ...filter, page: 1 }, "/desk/export.csv")}
          className="desk-button"
          download
        >
          {t("list.export")}
        </a>
      </p>

      <dl className="desk-cash">
        <div>
          <dt>{t("list.cashToCollect")}</dt>
          <dd>
            <Price amount={data.cashToCollect} />
          </dd>
        </div>
        <div>
          <dt>{t("list.cashCollected")}</dt>
          <dd>
            <Price amount={data.cashCollected} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
