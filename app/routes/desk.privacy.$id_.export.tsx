import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { eventNote } from "~/orders/event-note";
import { itemTitle, lineTitle, orderLanguage } from "~/orders/order-words";
import { formatShopDate, formatShopDateTime } from "~/platform/calendar";
import { markExported, personData, requestOfParam } from "~/privacy/requests.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * The same export as a page a person can read and print (D35), in the reader's language:
 * each order with its fields, items, what happened to it, the messages sent and reviews.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff, access } = await shop.desk.requireOwner(request);
  const found = await requestOfParam(shop.db, params.id);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const now = shop.clock();
  const held = await personData(shop.db, found);
  await access.record(
    "export",
    held.orders.map((order) => Number(order.number)),
  );
  await markExported(shop.db, found, { actor: staff.name, now, found: held.orders.length });
  const when = (iso: string | null) => (iso ? formatShopDateTime(Date.parse(iso), language) : null);
  const { catalog } = shop.content();
  const nameLine = lineTitle(catalog, language);
  return {
    meta: {
      title: pageTitle(t, t("privacy.export.title", { subject: found.subject }), { brand: false }),
      noindex: true,
    },
    id: found.id,
    subject: found.subject,
    prepared: formatShopDateTime(now, language),
    orders: held.orders.map((order) => ({
      number: order.number,
      placed: when(order.placedAt),
      status: order.status,
      fields: [
        ["name", order.name],
        ["phone", order.phone],
        ["address", order.address],
        ["messenger", order.messenger],
        ["email", order.email],
        [
          "deliveryDate",
          order.deliveryDate ? formatShopDate(order.deliveryDate) : order.deliveryTime,
        ],
        ["language", orderLanguage(order.language).name],
        ["pinned", order.pinnedNote],
      ] as const,
      total: order.total,
      removed: when(order.depersonalisedAt),
      items: order.items.map((item) => ({
        key: item.item_key,
        title: itemTitle(item, catalog, language),
        qty: item.qty,
        subtotal: item.subtotal,
      })),
      events: order.events.map((event) => ({
        at: when(event.at),
        actor: event.actor,
        status: event.to_status,
        note: eventNote(event, t, nameLine),
      })),
      chats: order.telegramChats.map((chat) => when(chat.linked_at)),
      messages: order.messages
        .filter((message) => message.text)
        .map((message) => ({
          at: when(message.sent_at ?? message.created_at),
          text: message.text,
        })),
      reviews: order.reviews.map((review) => ({
        rating: review.rating,
        body: review.body,
        author: review.author,
        status: review.status,
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function DeskPrivacyExport() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <article className="desk-page desk-export">
      <p className="desk-slip__screen-only">
        <Link to={`/desk/privacy/${page.id}`}>{t("privacy.request.back")}</Link>
      </p>
      <h1>
        {t("privacy.export.heading")}: <bdi dir="ltr">{page.subject}</bdi>
      </h1>
      <p>{t("privacy.export.prepared", { date: page.prepared })}</p>
      {page.orders.length === 0 ? <p>{t("privacy.request.noOrders")}</p> : null}
      {page.orders.map((order) => (
        <section key={order.number} aria-labelledby={`export-${order.number}`}>
          <h2 id={`export-${order.number}`}>{t("order.number", { number: order.number })}</h2>
          <dl className="desk-export__fields">
            <dt>{t("csv.placedAt")}</dt>
            <dd>{order.placed}</dd>
            <dt>{t("csv.status")}</dt>
            <dd>{t(`status.${order.status}`)}</dd>
            {order.fields.map(([field, value]) => (
              <div key={field}>
                <dt>{t(`csv.${field}`)}</dt>
                <dd>
                  {value ? (
                    <bdi>{value}</bdi>
                  ) : order.removed ? (
                    t("privacy.export.removed", { date: order.removed })
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
            ))}
            <dt>{t("csv.total")}</dt>
            <dd>
              <Price amount={order.total} />
            </dd>
          </dl>
          <h3>{t("csv.items")}</h3>
          <ul>
            {order.items.map((item) => (
              <li key={item.key}>
                <bdi>{item.title}</bdi> × {item.qty} — <Price amount={item.subtotal} />
              </li>
            ))}
          </ul>
          <h3>{t("privacy.export.events")}</h3>
          <ul>
            {order.events.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: events are listed once, in order.
              <li key={index}>
                {event.at} · <bdi>{event.actor}</bdi>
                {event.status ? <> · {t(`status.${event.status}`)}</> : null}
                {event.note ? (
                  <>
                    {" · "}
                    <bdi>{event.note}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <h3>{t("privacy.export.messages")}</h3>
          {order.chats.length + order.messages.length === 0 ? <p>—</p> : null}
          <ul>
            {order.chats.map((at) => (
              <li key={at}>{t("privacy.export.telegram", { date: at })}</li>
            ))}
            {order.messages.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages are listed once, in order.
              <li key={index} className="desk-export__message">
                {message.at}: <bdi>{message.text}</bdi>
              </li>
            ))}
          </ul>
          <h3>{t("privacy.export.reviews")}</h3>
          {order.reviews.length === 0 ? <p>—</p> : null}
          <ul>
            {order.reviews.map((review, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reviews are listed once, in order.
              <li key={index}>
                {t("privacy.export.rating", { count: review.rating })} · <bdi>{review.body}</bdi>
                {review.author ? (
                  <>
                    {" "}
                    · <bdi>{review.author}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
