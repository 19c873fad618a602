import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productTitle } from "~/catalog/texts";
import { type CheckoutField, checkoutFields } from "~/checkout/fields";
import { validateCheckout } from "~/checkout/schema";
import { MAX_LINE_QUANTITY } from "~/constants";
import { OrderFields } from "~/desk/OrderFields";
import { actorOf } from "~/desk/order-actions.server";
import { flashOutcome } from "~/desk/outcome.server";
import { orderableProducts, phoneOrderWindow } from "~/desk/phone-order.server";
import { getLocale } from "~/i18n/i18next.server";
import { correctOrder, isEditable } from "~/orders/edit.server";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { findOrder } from "~/orders/read.server";
import { compareDates, parseShortDate, toShortDate } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

function orderNumberOf(param: string | undefined): number | null {
  return param && /^\d{1,6}$/.test(param) ? Number(param) : null;
}

/**
 * The dates a correction may choose: the storefront's window, stretched to the date the
 * order already has (an order booked for a day now past keeps it until someone moves it).
 */
function windowFor(stored: string) {
  const window = phoneOrderWindow(shop);
  const date = parseShortDate(stored);
  if (!date) return window;
  return {
    min: compareDates(date, window.min) < 0 ? date : window.min,
    max: compareDates(date, window.max) > 0 ? date : window.max,
  };
}

/**
 * Correcting an order while it is new or confirmed: the address, the delivery date, the
 * phone, the name, the messenger, the e-mail and the products and quantities.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access } = await shop.desk.requireStaff(request);
  const number = orderNumberOf(params.number);
  const found = number === null ? null : await findOrder(shop.db, number);
  if (!found) throw new Response("No such order.", { status: 404 });
  // The form shows the order's phone, address and name (D35).
  await access.record("edit", [found.order.order_number]);
  const { order, items } = found;
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const shown = formatOrderNumber(order.order_number);
  const window = windowFor(order.delivery_time);
  const inOrder = new Set(items.map((item) => item.item_key));
  return {
    meta: {
      title: pageTitle(t, t("edit.title", { number: shown }), { brand: false }),
      noindex: true,
    },
    number: shown,
    status: order.status,
    editable: isEditable(order.status),
    values: {
      address: order.address,
      phone: order.phone,
      name: order.name ?? "",
      messenger: order.messenger ?? "",
      email: order.email ?? "",
      deliveryTime: order.delivery_time,
    } as Record<string, string>,
    window: { min: toShortDate(window.min), max: toShortDate(window.max) },
    lines: [
      ...items.map((item) => ({
        key: item.item_key,
        title: itemTitle(item, shop.content().catalog, language),
        price: item.price,
        qty: item.qty,
      })),
      ...orderableProducts(shop)
        .filter((product) => !inOrder.has(product.key))
        .map((product) => ({
          key: product.key,
          title: productTitle(product, language),
          price: product.price ?? 0,
          qty: 0,
        })),
    ],
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type Problem =
  | { kind: "field"; message: string; fields: CheckoutField[] }
  | { kind: "empty" | "notEditable" }
  | { kind: "stock"; title: string; left: number };

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  const number = orderNumberOf(params.number);
  const found = number === null ? null : await findOrder(shop.db, number);
  if (!found || number === null) throw new Response("No such order.", { status: 404 });
  const form = await readForm(request);
  const language = await getLocale(request);
  const typed = Object.fromEntries(form);
  const refuse = (problem: Problem) => data({ problem, values: typed }, 400);
  const values = Object.fromEntries(
    checkoutFields.map((field) => [field, form.get(field) ?? ""]),
  ) as Record<CheckoutField, string>;
  const checked = validateCheckout(values, windowFor(found.order.delivery_time));
  if (!checked.ok)
    return refuse({
      kind: "field",
      message: shop.t(language, "checkout")(checked.message),
      fields: checked.fields,
    });
  const quantities = new Map<string, number>();
  for (const [name, value] of form) {
    const key = /^qty:(\w+\/[\w-]+)$/.exec(name)?.[1];
    const qty = Number(value);
    if (key && Number.isInteger(qty) && qty >= 0) quantities.set(key, qty);
  }
  const result = await correctOrder(
    shop.db,
    { orderNumber: number, actor: actorOf(session), values: checked.values, quantities },
    shop.clock(),
    shop.telegram,
  );
  if (result.outcome === "notFound") throw new Response("No such order.", { status: 404 });
  if (result.outcome === "empty" || result.outcome === "notEditable")
    return refuse({ kind: result.outcome });
  if (result.outcome === "stock") {
    const product = shop.content().catalog.products.find((one) => one.key === result.key);
    return refuse({
      kind: "stock",
      title: product ? productTitle(product, language) : result.key,
      left: result.left,
    });
  }
  if (result.outcome === "saved") shop.kickOutbox();
  const shown = formatOrderNumber(number);
  return redirect(`/desk/orders/${shown}`, {
    status: 303,
    headers: {
      "Set-Cookie": await flashOutcome(request, {
        kind: result.outcome === "saved" ? "corrected" : "uncorrected",
        count: 1,
        kept: [],
      }),
    },
  });
}

export default function CorrectOrder() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  const problem = answer?.problem;
  const typedOr = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  const wrong = (field: string) =>
    problem?.kind === "field" && (problem.fields as string[]).includes(field) ? true : undefined;
  return (
    <section className="desk-page desk-page--narrow">
      <p>
        <Link to={`/desk/orders/${page.number}`}>{t("slip.back")}</Link>
      </p>
      <h1>{t("edit.title", { number: page.number })}</h1>
      {!page.editable ? (
        <p className="desk-error">{t("edit.closed", { status: t(`status.${page.status}`) })}</p>
      ) : (
        <>
          <p>{t("edit.intro")}</p>
          {problem ? (
            <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
              {problem.kind === "field"
                ? problem.message
                : problem.kind === "stock"
                  ? t("phoneOrder.soldOut", { title: problem.title, count: problem.left })
                  : problem.kind === "notEditable"
                    ? t("edit.closed", { status: t(`status.${page.status}`) })
                    : t("phoneOrder.problem.items")}
            </p>
          ) : null}
          <Form method="post" className="desk-form">
            <fieldset className="desk-phone-order__items">
              <legend>{t("phoneOrder.items")}</legend>
              {page.lines.map((line) => (
                <p key={line.key} className="desk-field">
                  <label htmlFor={`qty-${line.key}`}>
                    {line.title} · <Price amount={line.price} />
                  </label>
                  <input
                    id={`qty-${line.key}`}
                    name={`qty:${line.key}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_LINE_QUANTITY}
                    defaultValue={typedOr(`qty:${line.key}`, String(line.qty))}
                  />
                </p>
              ))}
            </fieldset>
            <OrderFields
              idPrefix="edit"
              value={(name) => typedOr(name, page.values[name] ?? "")}
              wrong={wrong}
              window={page.window}
            />
            <button type="submit" className="desk-button desk-button--primary">
              {t("edit.save")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
