import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { itemTitle, orderLanguage } from "~/desk/order-words";
import { listDeskOrders } from "~/desk/orders.server";
import {
  type DeskFilterQuery,
  type DeskTab,
  deskListHref,
  parseDeskFilter,
  toFilterQuery,
} from "~/desk/search";
import { requireStaff } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { Isolated, isolate } from "~/i18n/isolate";
import { getLanguage } from "~/i18n/languages";
import { formatOrderNumber } from "~/orders/order-number";
import { callBeforeShipping } from "~/orders/standing";
import { orderStatuses } from "~/orders/status";
import { formatShopDateTime } from "~/platform/calendar";
import { shop } from "~/platform/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const tabs: DeskTab[] = ["action", ...orderStatuses, "all"];

/** Addresses longer than this are cut in the list; the order page shows them whole. */
const SHORT_ADDRESS = 48;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const filter = parseDeskFilter(new URL(request.url).searchParams);
  const list = await listDeskOrders(shop.db, filter);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const { holdAfterRefusals } = shop.telegram;
  return {
    meta: { title: pageTitle(t, t("list.title"), { brand: false }), noindex: true },
    filter: { ...toFilterQuery(filter), page: Math.min(filter.page, list.pageCount) },
    counts: list.counts,
    total: list.total,
    pageCount: list.pageCount,
    cashToCollect: list.cashToCollect,
    cashCollected: list.cashCollected,
    rows: list.rows.map(({ order, items, refused }) => ({
      number: formatOrderNumber(order.order_number),
      placedAt: formatShopDateTime(Date.parse(order.created_at), locale),
      phone: order.phone,
      address:
        order.address.length > SHORT_ADDRESS
          ? `${order.address.slice(0, SHORT_ADDRESS - 1)}…`
          : order.address,
      deliveryDate: order.delivery_time,
      items: items.map((item) => ({
        key: item.item_key,
        title: itemTitle(item, shop.content().catalog, language),
        qty: item.qty,
      })),
      total: order.total,
      status: order.status,
      language: orderLanguage(order.language),
      refused,
      hold: callBeforeShipping(order.status, refused, holdAfterRefusals),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function DeskList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { filter } = data;
  const href = (changes: Partial<DeskFilterQuery>) => deskListHref({ ...filter, ...changes });

  return (
    <section className="desk-page">
      <h1>{t("list.title")}</h1>
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

      <Form method="get" className="desk-search">
        {filter.tab !== "action" ? <input type="hidden" name="tab" value={filter.tab} /> : null}
        <p className="desk-field desk-search__query">
          <label htmlFor="desk-q">{t("list.search")}</label>
          <input
            id="desk-q"
            name="q"
            type="search"
            defaultValue={filter.query}
            maxLength={100}
            aria-describedby="desk-q-hint"
          />
          <span id="desk-q-hint" className="desk-muted">
            {t("list.searchHint")}
          </span>
        </p>
        <p className="desk-field">
          <label htmlFor="desk-from">{t("list.from")}</label>
          <input id="desk-from" name="from" type="date" defaultValue={filter.from} />
        </p>
        <p className="desk-field">
          <label htmlFor="desk-until">{t("list.until")}</label>
          <input id="desk-until" name="until" type="date" defaultValue={filter.until} />
        </p>
        <p className="desk-search__actions">
          <button type="submit" className="desk-button desk-button--primary">
            {t("list.find")}
          </button>
          {filter.query || filter.from || filter.until ? (
            <Link to={href({ query: "", from: "", until: "", page: 1 })} className="desk-button">
              {t("list.clear")}
            </Link>
          ) : null}
        </p>
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

      {data.rows.length === 0 ? (
        <p className="desk-empty">{t("list.empty")}</p>
      ) : (
        <ol className="desk-orders">
          {data.rows.map((row) => (
            <li key={row.number} className="desk-order">
              <p className="desk-order__head">
                <Link to={`/desk/orders/${row.number}`} className="desk-order__number">
                  {t("order.number", { number: row.number })}
                </Link>
                <span className={`desk-status desk-status--${row.status}`}>
                  {t(`status.${row.status}`)}
                </span>
              </p>
              {row.hold ? (
                <p className="desk-hold">{t("order.hold", { refused: row.refused })}</p>
              ) : null}
              <dl className="desk-order__facts">
                <div>
                  <dt>{t("order.placedAt")}</dt>
                  <dd>{row.placedAt}</dd>
                </div>
                <div>
                  <dt>{t("order.phone")}</dt>
                  <dd>
                    <bdi>{row.phone}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("order.address")}</dt>
                  <dd>
                    <bdi>{row.address}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("order.deliveryDate")}</dt>
                  <dd>
                    <bdi>{row.deliveryDate}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("order.items")}</dt>
                  <dd>
                    {row.items.map((item) => (
                      <span key={item.key} className="desk-order__item">
                        <Isolated
                          text={t("order.itemLine", { title: isolate(item.title), qty: item.qty })}
                        />
                      </span>
                    ))}
                  </dd>
                </div>
                <div>
                  <dt>{t("order.total")}</dt>
                  <dd>
                    <Price amount={row.total} />
                  </dd>
                </div>
                <div>
                  <dt>{t("order.language")}</dt>
                  <dd>
                    <bdi lang={row.language.lang ?? undefined}>{row.language.name}</bdi>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}

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
    </section>
  );
}
