import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { originCookieOf, readOrigin } from "~/analytics/origin";
import { priceCart } from "~/cart/priced";
import { cartKnowsOf, cartProduct } from "~/cart/products";
import { usePricedCart } from "~/cart/use-cart";
import { CheckoutForm } from "~/checkout/CheckoutForm";
import { DeliverySummary } from "~/checkout/DeliverySummary";
import { rememberPlacedOrder } from "~/checkout/confirmation.server";
import { explainRefusal } from "~/checkout/delivery-choice";
import { checkoutFields } from "~/checkout/fields";
import { clientKey, orderRateLimiter } from "~/checkout/rate-limit.server";
import { currentDeliveryWindow, submitCheckout } from "~/checkout/submit.server";
import { deliveryOffer } from "~/delivery/days";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { deliveryBounds } from "~/settings/model";
import { shop } from "~/shop.server";
import { ClosedNotice } from "~/ui/ClosedNotice";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useRootData } from "~/ui/root-data";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const { catalog, settings } = shop.content();
  const cart = priceCart(await shop.cart.read(request, cartKnowsOf(catalog)), (key) =>
    cartProduct(catalog, key, language),
  );
  // Nothing to order, or a product sold out since: the cart says what to do.
  if (cart.count === 0 || cart.soldOut > 0) throw redirect("/cart");
  const t = shop.t(language, "common");
  const window = currentDeliveryWindow(
    shop.clock,
    deliveryBounds(settings.delivery, shop.config.delivery, shop.today()),
  );
  return {
    meta: {
      title: pageTitle(t, t("pages.checkout.title")),
      description: t("pages.checkout.description"),
    },
    // One token per form shown: sending the same form twice places one order (D9).
    token: randomUUID(),
    window,
    // Where and when (D84): the zones open now, each with its first day by the shop's clock.
    offer: deliveryOffer(settings.zones, settings.week, shop.clock(), window, language, cart.total),
    minimum: settings.week.minimum,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, context }: ActionFunctionArgs) {
  const { settings } = shop.content();
  const form = await readForm(request);
  const language = await getLocale(request);
  // Without JavaScript, choosing the area asks the page again: the fee and the total, what
  // was typed kept, nothing checked or placed yet.
  if (form.get("intent") === "area")
    return data({
      error: null,
      values: Object.fromEntries(checkoutFields.map((field) => [field, form.get(field) ?? ""])),
    });
  const outcome = await submitCheckout(
    {
      db: shop.db,
      now: shop.clock,
      delivery: deliveryBounds(settings.delivery, shop.config.delivery, shop.today()),
      zones: settings.zones,
      week: settings.week,
      takingOrders: settings.orders.taking,
      shopPhone: settings.contacts.phone || settings.contacts.whatsapp || null,
      telegram: shop.telegram,
      rateLimiter: orderRateLimiter(shop.db, shop.clock, shop.config.orderRateLimit),
    },
    {
      form,
      cart: await shop.cart.read(request, cartKnowsOf(shop.content().catalog)),
      language,
      client: clientKey(request, context.clientAddress, shop.config),
      origin: readOrigin(originCookieOf(request.headers.get("Cookie"))),
    },
  );
  switch (outcome.status) {
    case "bot":
      throw redirect("/", { status: 303 });
    case "emptyCart":
      throw redirect("/cart", { status: 303 });
    case "refused": {
      const headers = outcome.retryAfterSeconds
        ? { "Retry-After": String(outcome.retryAfterSeconds) }
        : undefined;
      const error = explainRefusal(outcome.error, shop.t(language, "checkout"), language);
      return data({ error, values: outcome.values }, { status: outcome.httpStatus, headers });
    }
    case "placed":
      // The chat notifications go out after the commit, never holding up the shopper.
      shop.kickOutbox();
      // Its last jar may have gone: this process shows "Sold out" from the next page on.
      await shop.refreshContent();
      throw await thankYou(request, outcome.orderNumber);
  }
}

/** The redirect to the thank-you page: the cart emptied, the order remembered for this browser. */
async function thankYou(request: Request, orderNumber: number): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await shop.cart.commit([]));
  headers.append(
    "Set-Cookie",
    await rememberPlacedOrder(shop.flash, request, orderNumber, shop.clock()),
  );
  return redirect("/checkout/thanks", { status: 303, headers });
}

export default function Checkout() {
  const { token, window, offer, minimum } = useLoaderData<typeof loader>();
  const ordering = useRootData()?.ordering;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const { lines, total } = usePricedCart();
  // The area chosen: the page's answer's, else the one zone there is; the form's select
  // changes it at once with JavaScript.
  const answered = actionData?.values.area ?? "";
  const [area, setArea] = useState(answered);
  const [seen, setSeen] = useState(answered);
  if (seen !== answered) {
    setSeen(answered);
    setArea(answered);
  }

  return (
    <section className="page checkout">
      <header className="page-header">
        <h1>{t("checkout:heading")}</h1>
        <p className="page-header__subtitle">{t("checkout:intro")}</p>
      </header>
      <div className="checkout__layout">
        {ordering?.taking !== false ? (
          <CheckoutForm
            token={token}
            window={window}
            offer={offer}
            area={area}
            onArea={setArea}
            result={actionData}
          />
        ) : (
          <ClosedNotice resumeOn={ordering?.resumeOn ?? null} />
        )}
        <aside className="order-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t("checkout:summary.title")}</h2>
          <ul>
            {lines.map((line) => (
              <li key={line.product.key}>
                <span>
                  <span {...line.product.titleLang}>{line.product.title}</span>{" "}
                  <bdi className="order-summary__qty">
                    {t("checkout:summary.quantity", { count: line.qty })}
                  </bdi>
                </span>
                <Price amount={line.subtotal} />
              </li>
            ))}
          </ul>
          <DeliverySummary offer={offer} area={area} goods={total} minimum={minimum} />
          <p className="order-summary__payment">{t("checkout:summary.payment")}</p>
          <Link to="/cart">{t("checkout:summary.edit")}</Link>
        </aside>
      </div>
    </section>
  );
}
