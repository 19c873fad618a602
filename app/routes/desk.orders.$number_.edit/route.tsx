import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productTitle } from "~/catalog/texts";
import { MAX_LINE_QUANTITY } from "~/constants";
import { zoneName } from "~/delivery/zones";
import { OrderFields } from "~/desk/OrderFields";
import { RevisionField } from "~/desk/Revision";
import { TimelineEvents } from "~/desk/Timeline";
import { orderableProducts } from "~/desk/phone-order.server";
import { getLocale } from "~/i18n/i18next.server";
import { linePrice, showsDelivery } from "~/orders/amounts";
import {
  correctionZones,
  isEditable,
  orderRevision,
  pricedByPromotions,
} from "~/orders/edit.server";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { findOrder } from "~/orders/read.server";
import { toShortDate } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { saveCorrection, windowFor } from "./actions.server";

function orderNumberOf(param: string | undefined): number | null {
  return param && /^\d{1,6}$/.test(param) ? Number(param) : null;
}

/**
 * Correcting an order while it is new or confirmed: the address, the delivery date, the
 * phone, the name, the messenger, the e-mail and the products and quantities.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access } = await shop.desk.requireStaff(request);
  const number = orderNumberOf(params.number);
  // The revision first, then the order: a change made in between is caught at the save.
  const revision = number === null ? 0 : await orderRevision(shop.db, number);
  const found = number === null ? null : await findOrder(shop.db, number);
  if (!found) throw new Response("No such order.", { status: 404 });
  // The form shows the order's phone, address and name (D35).
  await access.record("edit", [found.order.order_number]);
  const { order, items } = found;
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const shown = formatOrderNumber(order.order_number);
  const window = windowFor(shop, order.delivery_time);
  const inOrder = new Set(items.map((item) => item.item_key));
  const zones = correctionZones(shop.content().settings.zones, order.delivery_zone);
  return {
    meta: {
      title: pageTitle(t, t("edit.title", { number: shown }), { brand: false }),
      noindex: true,
    },
    number: shown,
    revision,
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
    // The area, when there is a choice or the order has one (D84); the order's own kept.
    areas:
      zones.length > 1 || showsDelivery(order)
        ? zones.map((zone) => ({ id: zone.id, name: zoneName(zone, language) }))
        : null,
    area: order.delivery_zone ?? "",
    // The order's own promotions price the corrected lines again (D86), not today's.
    promoted: await pricedByPromotions(shop.db, order.id),
    lines: [
      ...items.map((item) => ({
        key: item.item_key,
        title: itemTitle(item, shop.content().catalog, language),
        qty: item.qty,
        ...linePrice(item),
      })),
      ...orderableProducts(shop)
        .filter((product) => !inOrder.has(product.key))
        .map((product) => ({
          key: product.key,
          title: productTitle(product, language),
          price: product.price ?? 0,
          regular: null,
          qty: 0,
        })),
    ],
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  return saveCorrection(
    shop,
    session,
    request,
    orderNumberOf(params.number),
    await readForm(request),
  );
}

export default function CorrectOrder() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLDivElement>(answer);
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
          {page.promoted ? <p className="desk-muted">{t("edit.promotionsHint")}</p> : null}
          {problem ? (
            <div ref={alert} role="alert" tabIndex={-1} className="desk-error">
              {problem.kind === "stale" ? (
                <>
                  <p>
                    <strong>{t("revision.stale")}</strong>
                  </p>
                  <p>{t("revision.kept")}</p>
                  <ol className="desk-timeline">
                    <TimelineEvents events={problem.events} />
                  </ol>
                </>
              ) : (
                <p>
                  {problem.kind === "field"
                    ? problem.message
                    : problem.kind === "stock"
                      ? t("phoneOrder.soldOut", { title: problem.title, count: problem.left })
                      : problem.kind === "notEditable"
                        ? t("edit.closed", { status: t(`status.${page.status}`) })
                        : problem.kind === "quantity"
                          ? t("phoneOrder.problem.quantity")
                          : t("phoneOrder.problem.items")}
                </p>
              )}
            </div>
          ) : null}
          <Form method="post" className="desk-form">
            <RevisionField revision={answer?.revision ?? page.revision} />
            <fieldset className="desk-phone-order__items">
              <legend>{t("phoneOrder.items")}</legend>
              {page.lines.map((line) => (
                <p key={line.key} className="desk-field">
                  <label htmlFor={`qty-${line.key}`}>
                    {line.title} · <Price amount={line.price} />
                    {line.regular === null ? null : (
                      <>
                        {" "}
                        <s aria-label={t("amounts.regularPrice")}>
                          <Price amount={line.regular} />
                        </s>
                      </>
                    )}
                  </label>
                  <input
                    id={`qty-${line.key}`}
                    name={`qty:${line.key}`}
                    inputMode="numeric"
                    dir="ltr"
                    maxLength={String(MAX_LINE_QUANTITY).length}
                    defaultValue={typedOr(`qty:${line.key}`, String(line.qty))}
                    aria-invalid={
                      (problem?.kind === "quantity" && problem.key === line.key) || undefined
                    }
                  />
                </p>
              ))}
            </fieldset>
            {page.areas ? (
              <p className="desk-field">
                <label htmlFor="edit-area">{t("amounts.deliveryArea")}</label>
                <select
                  id="edit-area"
                  name="area"
                  defaultValue={typedOr("area", page.area)}
                  aria-describedby="edit-area-hint"
                >
                  {page.areas.map((area) => (
                    <option key={area.id} value={area.id}>
                      {area.name}
                    </option>
                  ))}
                </select>
                <span id="edit-area-hint" className="desk-muted">
                  {t("edit.deliveryHint")}
                </span>
              </p>
            ) : null}
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
