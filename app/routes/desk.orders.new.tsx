import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productTitle } from "~/catalog/texts";
import { MAX_LINE_QUANTITY } from "~/constants";
import { OrderFields } from "~/desk/OrderFields";
import { flashOutcome } from "~/desk/outcome.server";
import {
  orderableProducts,
  phoneOrderAreas,
  phoneOrderWindow,
  placePhoneOrder,
} from "~/desk/phone-order.server";
import { getLocale } from "~/i18n/i18next.server";
import { languages } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { formatOrderNumber } from "~/orders/order-number";
import { toShortDate } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/**
 * An order taken on the phone or from a message (`New order`): the storefront's fields
 * and rules, the products on sale with a quantity each, and the customer's language (the
 * order's messages speak it). Marked as taken by phone, and by whom.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireStaff(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const window = phoneOrderWindow(shop);
  return {
    meta: { title: pageTitle(t, t("phoneOrder.title"), { brand: false }), noindex: true },
    token: `phone-${randomUUID()}`,
    window: { min: toShortDate(window.min), max: toShortDate(window.max) },
    ...phoneOrderAreas(shop, language),
    languages: languages.map((one) => ({ code: one.code, name: one.name, lang: one.htmlLang })),
    products: orderableProducts(shop).map((product) => ({
      key: product.key,
      title: productTitle(product, language),
      price: product.price ?? 0,
      stock: product.stock,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireStaff(request, { page: false });
  const form = await readForm(request);
  const language = await getLocale(request);
  // The storefront's own field messages (checkout namespace), in the reader's language.
  const placed = await placePhoneOrder(shop, form, staff.name, shop.t(language, "checkout"));
  if (!placed.ok) return data({ problem: placed.problem, values: Object.fromEntries(form) }, 400);
  const number = formatOrderNumber(placed.orderNumber);
  return redirect(`/desk/orders/${number}`, {
    status: 303,
    headers: {
      "Set-Cookie": await flashOutcome(shop.flash, request, { kind: "taken", count: 1, kept: [] }),
    },
  });
}

export default function NewPhoneOrder() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  const typed = (name: string) => answer?.values[name] ?? "";
  const problem = answer?.problem;
  const wrong = (field: string) =>
    problem?.kind === "field" && (problem.fields as string[]).includes(field) ? true : undefined;
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("phoneOrder.title")}</h1>
      <p>{t("phoneOrder.intro")}</p>
      {problem ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {problem.kind === "field"
            ? problem.message
            : problem.kind === "soldOut"
              ? t("phoneOrder.soldOut", { title: problem.title, count: problem.left })
              : problem.kind === "belowMinimum"
                ? t("phoneOrder.problem.belowMinimum", {
                    minimum: formatPrice(problem.minimum, i18n.language),
                    missing: formatPrice(problem.missing, i18n.language),
                  })
                : problem.kind === "promo"
                  ? t(`phoneOrder.promo.${problem.problem}`, {
                      code: typed("promoCode"),
                      minimum: formatPrice(problem.minGoods ?? 0, i18n.language),
                    })
                  : t(`phoneOrder.problem.${problem.kind}`)}
        </p>
      ) : null}
      <Form method="post" className="desk-form">
        <input type="hidden" name="token" value={answer?.values.token ?? page.token} />
        <fieldset className="desk-phone-order__items">
          <legend>{t("phoneOrder.items")}</legend>
          {page.products.map((product) => (
            <p key={product.key} className="desk-field desk-phone-order__item">
              <label htmlFor={`qty-${product.key}`}>
                {product.title} · <Price amount={product.price} />
              </label>
              <input
                id={`qty-${product.key}`}
                name={`qty:${product.key}`}
                inputMode="numeric"
                dir="ltr"
                maxLength={String(MAX_LINE_QUANTITY).length}
                defaultValue={typed(`qty:${product.key}`) || "0"}
                aria-invalid={
                  problem?.kind === "items" ||
                  (problem?.kind === "quantity" && problem.key === product.key) ||
                  undefined
                }
              />
            </p>
          ))}
        </fieldset>
        <p className="desk-field">
          <label htmlFor="po-area">{t("amounts.deliveryArea")}</label>
          <select
            id="po-area"
            name="area"
            required
            defaultValue={typed("area") || page.chosen}
            aria-invalid={problem?.kind === "area" || undefined}
          >
            {page.chosen ? null : <option value="">{t("phoneOrder.areaChoose")}</option>}
            {page.areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
              </option>
            ))}
          </select>
        </p>
        <p className="desk-field">
          <label htmlFor="po-promo">{t("phoneOrder.promoCode")}</label>
          <input
            id="po-promo"
            name="promoCode"
            dir="ltr"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={40}
            defaultValue={typed("promoCode")}
            aria-invalid={problem?.kind === "promo" || undefined}
            aria-describedby="po-promo-hint"
          />
          <span id="po-promo-hint" className="desk-muted">
            {t("phoneOrder.promoHint")}
          </span>
        </p>
        <OrderFields idPrefix="po" value={typed} wrong={wrong} window={page.window} />
        <p className="desk-field">
          <label htmlFor="po-language">{t("phoneOrder.language")}</label>
          <select id="po-language" name="language" defaultValue={typed("language") || "ka"}>
            {page.languages.map((one) => (
              <option key={one.code} value={one.code} lang={one.lang}>
                {one.name}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="desk-button desk-button--primary">
          {t("phoneOrder.place")}
        </button>
      </Form>
    </section>
  );
}
