import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "~/desk/DoneNotice";
import { formatAge } from "~/desk/age";
import { moveOrders, noAnswer, orderNumbersOf, undoChanges } from "~/desk/order-actions.server";
import { listDeskOrders } from "~/desk/orders.server";
import { type DeskOutcome, flashOutcome, takeOutcome } from "~/desk/outcome.server";
import { latestUndoableChange } from "~/desk/recent-changes.server";
import {
  type DeskFilterQuery,
  type DeskTab,
  deskListHref,
  parseDeskFilter,
  toFilterQuery,
} from "~/desk/search";
import { getLocale } from "~/i18n/i18next.server";
import { Isolated, isolate } from "~/i18n/isolate";
import { getLanguage } from "~/i18n/languages";
import { tagsOf } from "~/orders/labels";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { callBeforeShipping } from "~/orders/standing";
import { asksTwice, isOrderStatus, orderStatuses } from "~/orders/status";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const tabs: DeskTab[] = [...orderStatuses, "all"];

/** Addresses longer than this are cut in the list; the order page shows them whole. */
const SHORT_ADDRESS = 40;
const HOUR_MS = 60 * 60 * 1000;

/** The list's own address (its filter), without the `index` a post to it carries. */
function listAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return deskListHref(toFilterQuery(parseDeskFilter(url.searchParams)));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const url = new URL(request.url);
  const filter = parseDeskFilter(url.searchParams);
  const now = shop.clock();
  const [list, recent, { outcome, setCookie }] = await Promise.all([
    listDeskOrders(shop.db, filter, now),
    latestUndoableChange(shop.db, session.staff.id, now),
    takeOutcome(request),
  ]);
  // A search reads orders by a person's name, phone or address: in the access log (D35).
  if (filter.query)
    await session.access.record(
      "search",
      list.rows.map((row) => row.order.order_number),
    );
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const { holdAfterRefusals } = shop.telegram;
  const lateAfter = shop.config.desk.confirmWithinHours * HOUR_MS;
  return data(
    {
      meta: { title: pageTitle(t, t("list.title"), { brand: false }), noindex: true },
      filter: { ...toFilterQuery(filter), page: Math.min(filter.page, list.pageCount) },
      selectAll: url.searchParams.get("select") === "all",
      counts: list.counts,
      total: list.total,
      pageCount: list.pageCount,
      cashToCollect: list.cashToCollect,
      cashCollected: list.cashCollected,
      lateHours: shop.config.desk.confirmWithinHours,
      outcome,
      recent: recent
        ? {
            ...recent,
            numbers: recent.numbers.map(formatOrderNumber),
            changes: recent.numbers.map(
              (number, index) => `${number}:${recent.eventIds[index] ?? 0}`,
            ),
          }
        : null,
      rows: list.rows.map(({ order, items, standing }) => {
        const waited = now - Date.parse(order.created_at);
        return {
          number: formatOrderNumber(order.order_number),
          age: formatAge(waited, locale),
          late: order.status === "new" && waited > lateAfter,
          name: order.name,
          phone: order.phone,
          tel: `tel:${order.phone.replace(/[^\d+]/g, "")}`,
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
          calls: order.calls,
          byPhone: order.taken_by !== null,
          pinned: order.pinned_note,
          tags: tagsOf(order.tags),
          standing,
          hold: callBeforeShipping(order.status, standing.refused, holdAfterRefusals),
        };
      }),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/**
 * The list's forms: an outcome of one order in the queue (`Confirmed`, `No answer`), a
 * bulk move of the selected orders, and the undo of the person's latest change. A final
 * move (Cancel, Refused) is asked once more on its own page. Back to the list by GET.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const form = await readForm(request);
  const back = listAddress(request);
  const intent = form.get("intent");
  const numbers = orderNumbersOf(form.getAll("order"));
  let outcome: DeskOutcome;
  if (intent === "undo") {
    const changes = form.getAll("change").flatMap((value) => {
      const match = /^(\d{1,6}):(\d{1,12})$/.exec(value);
      return match ? [{ orderNumber: Number(match[1]), eventId: Number(match[2]) }] : [];
    });
    outcome = await undoChanges(shop, session, changes, null);
  } else if (intent === "call" && numbers[0] !== undefined) {
    outcome = await noAnswer(shop, session, numbers[0]);
  } else {
    const to = form.get("to");
    if (!isOrderStatus(to) || to === "new" || numbers.length === 0) {
      outcome = { kind: "moved" as const, count: 0, kept: [] };
    } else if (asksTwice(to)) {
      const params = new URLSearchParams(numbers.map((number) => ["order", String(number)]));
      params.set("back", back);
      return redirect(`/desk/orders/${to === "cancelled" ? "cancel" : "refuse"}?${params}`, 303);
    } else {
      outcome = await moveOrders(shop, session, { orderNumbers: numbers, to });
    }
  }
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": await flashOutcome(request, outcome) },
  });
}

export default function DeskList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { filter } = data;
  const href = (changes: Partial<DeskFilterQuery>) => deskListHref({ ...filter, ...changes });
  const here = href({});
  const deliveryIsDate = /^\d{4}-\d{2}-\d{2}$/.test(filter.delivery);

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
      <DoneNotice outcome={data.outcome} recent={data.recent} />

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
            <li key={row.number} className={`desk-order${row.late ? " desk-order--late" : ""}`}>
              <p className="desk-order__head">
                <input
                  // A new box when Select all changes: defaultChecked applies to new ones only.
                  key={String(data.selectAll)}
                  type="checkbox"
                  form="desk-bulk"
                  name="order"
                  value={row.number}
                  defaultChecked={data.selectAll}
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
                      <Isolated
                        text={t("order.itemLine", { title: isolate(item.title), qty: item.qty })}
                      />
                    </span>
                  ))}
                </span>
                <strong>
                  <Price amount={row.total} />
                </strong>
              </p>
              {row.late ||
              row.hold ||
              row.calls > 0 ||
              row.byPhone ||
              row.pinned ||
              row.tags.length > 0 ? (
                <p className="desk-order__marks">
                  {row.late ? (
                    <span className="desk-hold">{t("list.late", { hours: data.lateHours })}</span>
                  ) : null}
                  {row.hold ? (
                    <span className="desk-hold">
                      {t("order.hold", { refused: row.standing.refused })}
                    </span>
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
                  {row.byPhone ? (
                    <span className="desk-order__calls">{t("list.byPhone")}</span>
                  ) : null}
                  {row.calls > 0 ? (
                    <span className="desk-order__calls">
                      {t("list.calls", { count: row.calls })}
                    </span>
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
