import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Choice } from "~/desk/Choice";
import { anchorOf } from "~/desk/place";
import { getLocale } from "~/i18n/i18next.server";
import { formatOrderNumber } from "~/orders/order-number";
import { notificationsEnabled } from "~/orders/outbox.server";
import { formatShopDate, formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { daysLeft, eraseRequest, personOrders, requestOfParam } from "~/privacy/requests.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/**
 * One person's request (D35): the person's orders (found by the phone's keyed hash, so
 * depersonalised ones too), the export as JSON and as a readable page, and Erase.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff, access } = await shop.desk.requireOwner(request);
  const found = await requestOfParam(shop.db, params.id);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const now = shop.clock();
  const orders = await personOrders(shop.db, {
    phoneKey: found.phone_key,
    orderNumber: found.order_number,
  });
  await access.record(
    "search",
    orders.map((order) => order.order_number),
  );
  return {
    meta: {
      title: pageTitle(t, t("privacy.request.title", { subject: found.subject }), { brand: false }),
      noindex: true,
    },
    id: found.id,
    subject: found.subject,
    kind: found.kind,
    received: formatShopDate(found.received_on),
    daysLeft: daysLeft(found, shop.today()),
    done: found.done_at
      ? {
          outcome: found.outcome ?? "nothing",
          at: formatShopDateTime(Date.parse(found.done_at), language),
          by: found.done_by ?? "",
        }
      : null,
    orders: orders.map((order) => ({
      number: formatOrderNumber(order.order_number),
      placed: formatShopDateTime(Date.parse(order.created_at), language),
      status: order.status,
      removed: order.depersonalised_at
        ? formatShopDateTime(Date.parse(order.depersonalised_at), language)
        : null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, access } = await shop.desk.requireOwner(request, { page: false });
  const found = await requestOfParam(shop.db, params.id);
  const form = await readForm(request);
  if (form.get("confirm") !== "yes") return data({ problem: "confirm" as const, numbers: "" }, 400);
  const result = await eraseRequest(shop.db, found, {
    actor: staff.name,
    now: shop.clock(),
    chat: shop.bot && notificationsEnabled(shop.telegram) ? shop.telegram : null,
  });
  if (result.outcome === "open")
    return data({ problem: "open" as const, numbers: result.numbers.join(", ") }, 409);
  shop.kickOutbox();
  // Reviews may have left the storefront: this process shows it at once.
  await shop.refreshContent();
  return redirectWithToast(shop.flash, request, `/desk/privacy/${found.id}`, {
    kind: "desk",
    message:
      result.outcome === "erased" ? "privacy.request.erasedToast" : "privacy.request.nothingToast",
  });
}

export default function DeskPrivacyRequest() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  return (
    <section className="desk-page">
      <p>
        <Link to={`/desk/privacy#${anchorOf("request", page.id)}`}>{t("privacy.title")}</Link>
      </p>
      <h1>
        {t("privacy.request.heading")}: <bdi dir="ltr">{page.subject}</bdi>
      </h1>
      <p>
        {t(`privacy.kinds.${page.kind}`)} · {t("privacy.received", { date: page.received })}
      </p>
      {page.done ? (
        <p className="desk-notice">
          {t("privacy.done", {
            outcome: t(`privacy.outcomes.${page.done.outcome}`),
            date: page.done.at,
            name: page.done.by,
          })}
        </p>
      ) : page.daysLeft !== null ? (
        <p className="desk-notice">
          <strong>
            {page.daysLeft > 0
              ? t("privacy.daysLeft", { count: page.daysLeft })
              : page.daysLeft === 0
                ? t("privacy.dueToday")
                : t("privacy.late", { count: -page.daysLeft })}
          </strong>
        </p>
      ) : null}

      <h2>{t("privacy.request.orders")}</h2>
      {page.orders.length === 0 ? (
        <p className="desk-empty">{t("privacy.request.noOrders")}</p>
      ) : (
        <ul>
          {page.orders.map((order) => (
            <li key={order.number}>
              <Link to={`/desk/orders/${order.number}`}>
                {t("order.number", { number: order.number })}
              </Link>
              {" · "}
              {order.placed} · {t(`status.${order.status}`)}
              {order.removed ? (
                <>
                  {" · "}
                  {t("privacy.request.removed", { date: order.removed })}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2>{t("privacy.request.export")}</h2>
      <p>{t("privacy.request.exportHint")}</p>
      <p className="desk-actions__buttons">
        <a className="desk-button" href={`/desk/privacy/${page.id}/export.json`} download>
          {t("privacy.request.exportJson")}
        </a>
        <Link className="desk-button" to={`/desk/privacy/${page.id}/export`}>
          {t("privacy.request.exportPage")}
        </Link>
      </p>

      <Form method="post" className="desk-form" aria-labelledby="privacy-erase">
        <h2 id="privacy-erase">{t("privacy.request.erase")}</h2>
        <p>{t("privacy.request.eraseHint")}</p>
        {answer ? (
          <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
            {answer.problem === "open"
              ? t("privacy.request.openOrders", { numbers: answer.numbers })
              : t("privacy.request.confirmMissing")}
          </p>
        ) : null}
        <Choice
          type="checkbox"
          name="confirm"
          value="yes"
          required
          label={t("privacy.request.eraseConfirm")}
        />
        <button type="submit" className="desk-button desk-button--danger">
          {t("privacy.request.eraseButton")}
        </button>
      </Form>
    </section>
  );
}
