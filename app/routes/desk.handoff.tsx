import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { handOffCandidates, handOver, parseDay } from "~/couriers/cash.server";
import { listCouriers } from "~/couriers/couriers.server";
import { actorOf, orderNumbersOf } from "~/desk/order-actions.server";
import { getLocale } from "~/i18n/i18next.server";
import { orderAmounts } from "~/orders/amounts";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDate, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * The hand-off (D68): a delivery date and a courier; the confirmed orders for that date
 * are ticked, the other confirmed ones can be added; `Hand over` ships them with the
 * courier in one transaction and offers the manifest.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { access } = await shop.desk.requireStaff(request);
  const url = new URL(request.url);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const day = parseDay(url.searchParams.get("day")) ?? toIsoDate(shop.today());
  const couriers = (await listCouriers(shop.db)).filter((courier) => courier.active === 1);
  const byId = (id: number) => couriers.find((candidate) => candidate.id === id) ?? null;
  const courier = byId(Number(url.searchParams.get("courier")));
  // After a hand-over: the courier who took the parcels (for the note and the manifest).
  const handedTo = byId(Number(url.searchParams.get("to")));
  const { forDay, others } = await handOffCandidates(shop.db, day, {
    zones: shop.content().settings.zones,
    language,
  });
  // The list shows each parcel's phone, address and name (D35).
  await access.record(
    "handoff",
    [...forDay, ...others].flatMap((group) => group.items.map((order) => order.order_number)),
  );
  const groups = (list: typeof forDay) =>
    list.map((group) => ({
      key: group.key,
      name: group.name,
      orders: group.items.map((order) => ({
        number: formatOrderNumber(order.order_number),
        name: order.name,
        address: order.address,
        phone: order.phone,
        total: orderAmounts(order).total,
        deliveryDate: order.delivery_date === null ? null : formatShopDate(order.delivery_date),
        pinned: order.pinned_note,
      })),
    }));
  const count = (list: typeof forDay) => list.reduce((sum, group) => sum + group.items.length, 0);
  const handed = url.searchParams.get("handed");
  return {
    meta: { title: pageTitle(t, t("handoff.title"), { brand: false }), noindex: true },
    day,
    couriers: couriers.map((candidate) => ({ id: candidate.id, name: candidate.name })),
    courier: courier ? { id: courier.id, name: courier.name } : null,
    forDay: groups(forDay),
    forDayCount: count(forDay),
    others: groups(others),
    othersCount: count(others),
    done:
      handed !== null && handedTo
        ? {
            courier: { id: handedTo.id, name: handedTo.name },
            count: Number(handed) || 0,
            kept: (url.searchParams.get("kept") ?? "").split(",").filter(Boolean).slice(0, 100),
          }
        : null,
    problem: url.searchParams.get("problem"),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  const form = await readForm(request);
  const day = parseDay(form.get("day"));
  const courierId = Number(form.get("courier"));
  const numbers = orderNumbersOf(form.getAll("order"));
  const back = new URLSearchParams({ day: day ?? "", courier: String(courierId || "") });
  const date = day ? parseIsoDate(day) : null;
  if (!date || !courierId) return redirect(`/desk/handoff?${back}&problem=choose`, 303);
  if (numbers.length === 0) return redirect(`/desk/handoff?${back}&problem=none`, 303);
  const result = await handOver(
    shop.db,
    { courierId, day: date, orderNumbers: numbers, actor: actorOf(session) },
    shop.clock(),
    shop.telegram,
  );
  if (result.outcome === "courier") return redirect(`/desk/handoff?${back}&problem=courier`, 303);
  shop.kickOutbox();
  // The choice is cleared: the courier is named in what was done, not chosen for more.
  back.delete("courier");
  back.set("to", String(courierId));
  back.set("handed", String(result.handed.length));
  if (result.kept.length > 0)
    back.set("kept", result.kept.map((kept) => formatOrderNumber(kept.orderNumber)).join(","));
  return redirect(`/desk/handoff?${back}`, 303);
}

type Group = ReturnType<typeof useLoaderData<typeof loader>>["forDay"][number];
type Row = Group["orders"][number];

function OrderChoice({ order, checked }: { order: Row; checked: boolean }) {
  const { t } = useTranslation("desk");
  const id = `handoff-${order.number}`;
  return (
    <li className="desk-handoff__order">
      <input id={id} type="checkbox" name="order" value={order.number} defaultChecked={checked} />
      <label htmlFor={id}>
        <strong>{t("order.number", { number: order.number })}</strong>{" "}
        {order.name ? <bdi>{order.name}</bdi> : null} · <bdi>{order.address}</bdi> ·{" "}
        <bdi dir="ltr">{order.phone}</bdi> · <Price amount={order.total} />
        {checked ? null : (
          <span className="desk-muted">
            {" "}
            · {t("handoff.forDate", { date: order.deliveryDate ?? "—" })}
          </span>
        )}
        {order.pinned ? (
          <span className="desk-order__pinned">
            {" "}
            📌 <bdi>{order.pinned}</bdi>
          </span>
        ) : null}
      </label>
    </li>
  );
}

/** The orders of one list, a heading and a list a zone, sorted by address (D84). */
function OrderGroups({ groups, checked }: { groups: Group[]; checked: boolean }) {
  return groups.map((group) => (
    <div key={group.key} className="desk-handoff__zone">
      <h3>
        <bdi>{group.name}</bdi>
      </h3>
      <ul className="desk-handoff">
        {group.orders.map((order) => (
          <OrderChoice key={order.number} order={order} checked={checked} />
        ))}
      </ul>
    </div>
  ));
}

export default function DeskHandoff() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { key: visit } = useLocation();
  const manifest = page.done
    ? new URLSearchParams({ courier: String(page.done.courier.id), day: page.day }).toString()
    : "";
  return (
    <section className="desk-page">
      <h1>{t("handoff.title")}</h1>
      {page.done ? (
        <div className="desk-done" aria-live="polite">
          <p>
            {t("handoff.done", { count: page.done.count, courier: page.done.courier.name })}
            {page.done.kept.length > 0
              ? ` ${t("handoff.kept", { numbers: page.done.kept.join(", ") })}`
              : ""}
          </p>
          <p>
            <Link to={`/desk/manifest?${manifest}`} className="desk-button desk-button--primary">
              {t("handoff.manifest")}
            </Link>{" "}
            <a href={`/desk/manifest.csv?${manifest}`} className="desk-button" download>
              {t("handoff.manifestCsv")}
            </a>
          </p>
        </div>
      ) : null}
      {page.problem ? (
        <p role="alert" className="desk-error">
          {t(
            `handoff.problem.${page.problem === "none" || page.problem === "courier" ? page.problem : "choose"}`,
          )}
        </p>
      ) : null}
      {/* Drawn anew after every answer: a select keeps its choice through a new default. */}
      <Form
        key={`pick:${visit}`}
        method="get"
        className="desk-form desk-handoff__pick"
        aria-label={t("handoff.pick")}
      >
        <p className="desk-field">
          <label htmlFor="handoff-day">{t("handoff.day")}</label>
          <input id="handoff-day" name="day" type="date" defaultValue={page.day} required />
        </p>
        <p className="desk-field">
          <label htmlFor="handoff-courier">{t("handoff.courier")}</label>
          <select
            id="handoff-courier"
            name="courier"
            defaultValue={page.courier?.id ?? ""}
            required
          >
            <option value="">{t("handoff.chooseCourier")}</option>
            {page.couriers.map((courier) => (
              <option key={courier.id} value={courier.id}>
                {courier.name}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="desk-button">
          {t("handoff.show")}
        </button>
      </Form>
      {page.couriers.length === 0 ? <p className="desk-empty">{t("handoff.noCouriers")}</p> : null}

      {page.courier ? (
        <Form
          key={`hand:${visit}`}
          method="post"
          className="desk-form"
          aria-labelledby="handoff-orders"
        >
          <input type="hidden" name="day" value={page.day} />
          <input type="hidden" name="courier" value={page.courier.id} />
          <h2 id="handoff-orders">{t("handoff.forDay", { count: page.forDayCount })}</h2>
          {page.forDayCount === 0 ? (
            <p className="desk-empty">{t("handoff.noneForDay")}</p>
          ) : (
            <OrderGroups groups={page.forDay} checked />
          )}
          {page.othersCount > 0 ? (
            <details className="desk-handoff__others">
              <summary>{t("handoff.others", { count: page.othersCount })}</summary>
              <OrderGroups groups={page.others} checked={false} />
            </details>
          ) : null}
          <button type="submit" className="desk-button desk-button--primary">
            {t("handoff.handOver", { courier: page.courier.name })}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
