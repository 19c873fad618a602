import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  data,
  redirect,
  useActionData,
  useLoaderData,
} from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "~/desk/DoneNotice";
import { messengerLinks } from "~/desk/contact";
import { actorOf, noAnswer } from "~/desk/order-actions.server";
import { getDeskOrder } from "~/desk/orders.server";
import { takeOutcome } from "~/desk/outcome.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage } from "~/i18n/languages";
import {
  addOrderNote,
  changeOrderStatus,
  saveOrderLabels,
  undoRightOf,
  undoStatusChange,
} from "~/orders/change-status.server";
import { isEditable } from "~/orders/edit.server";
import { eventNote } from "~/orders/event-note";
import { PINNED_MAX, TAGS_MAX, TAG_MAX, parseTags, tagsOf } from "~/orders/labels";
import { NOTE_MAX } from "~/orders/note";
import { formatOrderNumber } from "~/orders/order-number";
import { actorLabel, itemTitle, orderLanguage } from "~/orders/order-words";
import { callBeforeShipping } from "~/orders/standing";
import { asksTwice, isOrderStatus, nextStatuses } from "~/orders/status";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { plainText } from "~/shopper/shopper-chat";
import { shopperChatOf } from "~/shopper/shopper-messages.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useResetAfterSubmit } from "~/ui/use-reset-after-submit";

/** The number in the address: six digits as shown, or fewer. Anything else is no order. */
function orderNumberOf(param: string | undefined): number | null {
  return param && /^\d{1,6}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const number = orderNumberOf(params.number);
  const found = number === null ? null : await getDeskOrder(shop.db, number);
  if (!found) throw new Response("No such order.", { status: 404 });
  const { order, items, events, history } = found;
  const now = shop.clock();
  await session.access.record("order", [order.order_number]);
  const { outcome, setCookie } = await takeOutcome(request);
  const latest = events.filter((event) => event.kind === "status").at(-1);
  const right =
    latest && latest.to_status === order.status
      ? undoRightOf(
          latest,
          { staffId: session.staff.id, owner: session.staff.role === "owner" },
          now,
        )
      : "none";
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const when = (iso: string) => formatShopDateTime(Date.parse(iso), locale);
  const shown = formatOrderNumber(order.order_number);
  const view = {
    meta: {
      title: pageTitle(t, t("order.number", { number: shown }), { brand: false }),
      noindex: true,
    },
    number: shown,
    status: order.status,
    next: nextStatuses(order.status),
    outcome,
    undo:
      latest?.from_status && right !== "none"
        ? { eventId: latest.id, from: latest.from_status, withNote: right === "withNote" }
        : null,
    name: order.name,
    takenBy: order.taken_by,
    editable: isEditable(order.status),
    pinned: order.pinned_note ?? "",
    tags: tagsOf(order.tags).join(" "),
    calls: order.calls,
    owner: session.staff.role === "owner",
    placedAt: when(order.created_at),
    depersonalised: order.depersonalised_at ? when(order.depersonalised_at) : null,
    address: order.address,
    phone: order.phone,
    messenger: order.messenger,
    email: order.email,
    deliveryDate: order.delivery_time,
    courier:
      order.courier_id === null
        ? null
        : ((await shop.db
            .selectFrom("couriers")
            .select(["name", "phone"])
            .where("id", "=", order.courier_id)
            .executeTakeFirst()) ?? null),
    notHome: order.not_home,
    source: order.source,
    language: orderLanguage(order.language),
    total: order.total,
    items: items.map((item) => ({
      key: item.item_key,
      title: itemTitle(item, shop.content().catalog, language),
      qty: item.qty,
      subtotal: item.subtotal,
    })),
    links: messengerLinks(order.phone, order.messenger),
    events: events.map((event) => ({
      id: event.id,
      at: when(event.at),
      actor: event.actor,
      kind: event.kind,
      from: event.from_status,
      to: event.to_status,
      note: eventNote(event, t),
      undo: event.undoes !== null,
    })),
    hold: callBeforeShipping(order.status, history.refused, shop.telegram.holdAfterRefusals),
    shopperChat: await shopperChatOf(shop.db, order.id).then((chat) => ({
      since: chat.since === null ? null : when(chat.since),
      messages: chat.messages.map((message) => ({
        id: message.id,
        at: when(message.sent_at ?? message.next_attempt_at),
        status: message.status,
        text: plainText(message.text),
      })),
    })),
    history: {
      refused: history.refused,
      delivered: history.delivered,
      others: history.orders
        .filter((other) => other.order_number !== order.order_number)
        .map((other) => ({
          number: formatOrderNumber(other.order_number),
          status: other.status,
          placedAt: when(other.created_at),
          total: other.total,
        })),
    },
  };
  return data(view, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type ActionProblem =
  | "refused"
  | "emptyNote"
  | "unknown"
  | "undo"
  | "undoNote"
  | "undoStock"
  | "undoClosedDay";
/**
 * The page's forms: a status move (with an optional note), a call nobody answered, the
 * undo of the latest change, and a private note.
 */
type Intent = "move" | "call" | "undo" | "note" | "labels";

function intentOf(value: string | null): Intent {
  return value === "note" || value === "call" || value === "undo" || value === "labels"
    ? value
    : "move";
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const number = orderNumberOf(params.number);
  if (number === null) throw new Response("No such order.", { status: 404 });
  const form = await readForm(request);
  const actor = { name: session.staff.name, staffId: session.staff.id };
  // No answer sits among the moves: its button names itself.
  const intent = form.has("call") ? "call" : intentOf(form.get("intent"));
  // A refusal gives back what was typed: without JavaScript the page is drawn anew, and
  // the note must be in its field again for nothing to be lost.
  const typed = (form.get("note") ?? "").slice(0, NOTE_MAX);
  const problem = (kind: ActionProblem, status = 400) =>
    data({ problem: kind, intent, note: typed }, { status });

  if (intent === "note") {
    const added = await addOrderNote(
      shop.db,
      { orderNumber: number, actor, note: form.get("note") ?? "" },
      shop.clock(),
    );
    if (!added) return problem("emptyNote");
  } else if (intent === "labels") {
    const saved = await saveOrderLabels(
      shop.db,
      {
        orderNumber: number,
        actor,
        pinned: (form.get("pinned") ?? "").slice(0, PINNED_MAX),
        tags: parseTags((form.get("tags") ?? "").slice(0, 200)),
      },
      shop.clock(),
      shop.telegram,
    );
    if (!saved) throw new Response("No such order.", { status: 404 });
    shop.kickOutbox();
  } else if (intent === "call") {
    await noAnswer(shop, session, number);
  } else if (intent === "undo") {
    const undone = await undoStatusChange(
      shop.db,
      {
        orderNumber: number,
        eventId: Number(form.get("event")),
        actor: actorOf(session),
        owner: session.staff.role === "owner",
        note: form.get("note"),
      },
      shop.clock(),
      shop.telegram,
    );
    if (undone.outcome === "notFound") throw new Response("No such order.", { status: 404 });
    if (undone.outcome === "needsNote") return problem("undoNote");
    if (undone.outcome === "stock") return problem("undoStock", 409);
    if (undone.outcome === "closedDay") return problem("undoClosedDay", 409);
    if (undone.outcome !== "undone") return problem("undo", 409);
    shop.kickOutbox();
  } else {
    const to = form.get("to");
    if (!isOrderStatus(to)) return problem("unknown");
    // Cancel and Refused are asked once more, on their own page.
    if (asksTwice(to)) {
      const shown = formatOrderNumber(number);
      const params = new URLSearchParams({ order: shown, back: `/desk/orders/${shown}` });
      return redirect(`/desk/orders/${to === "cancelled" ? "cancel" : "refuse"}?${params}`, 303);
    }
    const change = await changeOrderStatus(
      shop.db,
      { orderNumber: number, to, actor, note: form.get("note") },
      shop.clock(),
      shop.telegram,
    );
    if (change.outcome === "notFound") throw new Response("No such order.", { status: 404 });
    if (change.outcome === "refused") return problem("refused", 409);
    // Every chat's copy of the order's message shows the new status soon (D25).
    if (change.outcome === "moved") shop.kickOutbox();
  }
  // Back to the page by GET, so a reload never sends the form again.
  return redirect(`/desk/orders/${formatOrderNumber(number)}`, { status: 303 });
}

/**
 * After any answer to this page's forms the order is read again. Remix skips that after a
 * 4xx answer, but a refused move (409) is just when someone else has changed the order:
 * the page must then show its real status and only the moves allowed from it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus !== undefined || defaultShouldRevalidate;

export default function DeskOrder() {
  const order = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const problem = answer?.problem ?? null;
  const { t } = useTranslation("desk");
  const { history } = order;
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const typedFor = (intent: Intent) => (answer?.intent === intent ? answer.note : "");
  // The pressed button is gone once the order moved: focus goes to the heading, which
  // names the new status, instead of being lost.
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const moveForm = useResetAfterSubmit("move", {
    refused: answer?.intent === "move",
    onReset: focusHeading,
  });
  const noteForm = useResetAfterSubmit("note", { refused: answer?.intent === "note" });
  useEffect(() => {
    if (answer) alert.current?.focus();
  }, [answer]);

  return (
    <section className="desk-page desk-order-page">
      <p>
        <Link to="/desk">{t("order.back")}</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {t("order.number", { number: order.number })}{" "}
        <span className={`desk-status desk-status--${order.status}`}>
          {t(`status.${order.status}`)}
        </span>
      </h1>
      {order.depersonalised ? (
        <p className="desk-notice">{t("order.depersonalised", { date: order.depersonalised })}</p>
      ) : null}
      {order.hold ? (
        <p className="desk-hold">{t("order.hold", { refused: history.refused })}</p>
      ) : null}
      {order.takenBy ? (
        <p className="desk-muted">{t("phoneOrder.takenBy", { name: order.takenBy })}</p>
      ) : null}
      {problem ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {problem === "refused"
            ? t("order.moveRefused", { status: t(`status.${order.status}`) })
            : t(`order.problem.${problem}`)}
        </p>
      ) : null}

      <DoneNotice outcome={order.outcome} recent={null} />

      {order.next.length > 0 ? (
        <Form
          ref={moveForm}
          method="post"
          preventScrollReset
          className="desk-actions"
          aria-labelledby="desk-actions-title"
        >
          <h2 id="desk-actions-title">{t("order.actions")}</h2>
          <input type="hidden" name="intent" value="move" />
          {order.calls > 0 ? (
            <p className="desk-order__calls">{t("list.calls", { count: order.calls })}</p>
          ) : null}
          <p className="desk-field">
            <label htmlFor="status-note">{t("order.statusNote")}</label>
            <input
              id="status-note"
              name="note"
              maxLength={NOTE_MAX}
              defaultValue={typedFor("move")}
            />
          </p>
          <p className="desk-actions__buttons">
            {order.next
              .filter((status) => !asksTwice(status))
              .map((status) => (
                <button
                  key={status}
                  type="submit"
                  name="to"
                  value={status}
                  className="desk-button desk-button--primary"
                >
                  {status === "confirmed" ? t("outcome.confirmed") : t(`move.${status}`)}
                </button>
              ))}
            {order.status === "new" ? (
              <button type="submit" name="call" value="1" className="desk-button">
                {t("outcome.noAnswer")}
              </button>
            ) : null}
          </p>
          {order.next.some(asksTwice) ? (
            <p className="desk-actions__final">
              {order.next.filter(asksTwice).map((status) => (
                <Link
                  key={status}
                  to={`/desk/orders/${status === "cancelled" ? "cancel" : "refuse"}?order=${order.number}&back=${encodeURIComponent(`/desk/orders/${order.number}`)}`}
                  className="desk-button desk-button--danger"
                >
                  {status === "cancelled" ? t("outcome.cancel") : t(`move.${status}`)}
                </Link>
              ))}
            </p>
          ) : null}
        </Form>
      ) : null}

      {order.undo ? (
        <Form
          method="post"
          preventScrollReset
          className="desk-undo"
          aria-labelledby="desk-undo-title"
        >
          <h2 id="desk-undo-title">{t("undo.title")}</h2>
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="event" value={order.undo.eventId} />
          <p>
            {t("undo.what", {
              from: t(`status.${order.status}`),
              to: t(`status.${order.undo.from}`),
            })}
          </p>
          {order.undo.withNote ? (
            <p className="desk-field">
              <label htmlFor="undo-note">{t("undo.note")}</label>
              <input
                id="undo-note"
                name="note"
                required
                maxLength={NOTE_MAX}
                defaultValue={typedFor("undo")}
              />
            </p>
          ) : null}
          <button type="submit" className="desk-button">
            {t("done.undo")}
          </button>
        </Form>
      ) : null}

      <Form
        method="post"
        preventScrollReset
        className="desk-labels"
        aria-labelledby="desk-labels-title"
      >
        <h2 id="desk-labels-title">{t("labels.title")}</h2>
        <input type="hidden" name="intent" value="labels" />
        <p className="desk-field">
          <label htmlFor="desk-pinned">{t("order.pinned")}</label>
          <input
            id="desk-pinned"
            name="pinned"
            dir="auto"
            maxLength={PINNED_MAX}
            defaultValue={order.pinned}
            aria-describedby="desk-pinned-hint"
          />
          <span id="desk-pinned-hint" className="desk-muted">
            {t("labels.pinnedHint")}
          </span>
        </p>
        <p className="desk-field">
          <label htmlFor="desk-tags">{t("labels.tags")}</label>
          <input
            id="desk-tags"
            name="tags"
            dir="auto"
            maxLength={TAGS_MAX * (TAG_MAX + 1)}
            defaultValue={order.tags}
            aria-describedby="desk-tags-hint"
          />
          <span id="desk-tags-hint" className="desk-muted">
            {t("labels.tagsHint")}
          </span>
        </p>
        <button type="submit" className="desk-button">
          {t("labels.save")}
        </button>
      </Form>

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
        <div>
          <dt>{t("order.deliveryDate")}</dt>
          <dd>
            <bdi>{order.deliveryDate}</bdi>
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
              <td>{item.title}</td>
              <td>{item.qty}</td>
              <td>
                <Price amount={item.subtotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
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

      <h2>{t("order.history")}</h2>
      <p>
        {history.others.length === 0
          ? t("order.historyFirst")
          : t("order.historySummary", {
              count: history.others.length + 1,
              refused: history.refused,
              delivered: history.delivered,
            })}
      </p>
      {history.others.length > 0 ? (
        <ul className="desk-history">
          {history.others.map((other) => (
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
        {order.events.map((event) => (
          <li key={event.id}>
            <span className="desk-timeline__at">{event.at}</span>{" "}
            <span className="desk-timeline__actor">{actorLabel(event.actor, t)}</span>{" "}
            {event.kind === "status" && event.from && event.to
              ? t(event.undo ? "order.undoEvent" : "order.movedEvent", {
                  from: t(`status.${event.from}`),
                  to: t(`status.${event.to}`),
                })
              : t("order.noteEvent")}
            {event.note ? <q className="desk-timeline__note">{event.note}</q> : null}
          </li>
        ))}
      </ol>

      <h2>{t("order.shopperChat.title")}</h2>
      <p>
        {order.shopperChat.since
          ? t("order.shopperChat.follows", { date: order.shopperChat.since })
          : t("order.shopperChat.notFollowing")}
      </p>
      {order.shopperChat.messages.length > 0 ? (
        <>
          <h3>{t("order.shopperChat.messages")}</h3>
          <ol className="desk-timeline">
            {order.shopperChat.messages.map((message) => (
              <li key={message.id}>
                <span className="desk-timeline__at">{message.at}</span>{" "}
                {t(`order.shopperChat.state.${message.status}`)}
                <q className="desk-timeline__note">{message.text}</q>
              </li>
            ))}
          </ol>
        </>
      ) : null}

      <Form
        ref={noteForm}
        method="post"
        preventScrollReset
        className="desk-note"
        aria-labelledby="desk-note-title"
      >
        <h2 id="desk-note-title">{t("order.addNote")}</h2>
        <input type="hidden" name="intent" value="note" />
        <p className="desk-field">
          <label htmlFor="desk-note">{t("order.note")}</label>
          <textarea
            id="desk-note"
            name="note"
            maxLength={NOTE_MAX}
            rows={3}
            required
            defaultValue={typedFor("note")}
          />
        </p>
        <button type="submit" className="desk-button">
          {t("order.saveNote")}
        </button>
      </Form>
    </section>
  );
}
