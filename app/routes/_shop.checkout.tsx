import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { originCookieOf, readOrigin } from "~/analytics/origin";
import { type PricedCart, priceCart } from "~/cart/priced";
import { cartKnowsOf, cartProduct } from "~/cart/products";
import { cartPromotions } from "~/cart/promotions.server";
import { usePricedCart } from "~/cart/use-cart";
import { CheckoutForm } from "~/checkout/CheckoutForm";
import { DeliverySummary } from "~/checkout/DeliverySummary";
import { rememberPlacedOrder } from "~/checkout/confirmation.server";
import { explainRefusal } from "~/checkout/delivery-choice";
import { type CheckoutField, checkoutFields } from "~/checkout/fields";
import { codeStepView } from "~/checkout/phone-code";
import { clientKey, orderRateLimiter } from "~/checkout/rate-limit.server";
import { currentDeliveryWindow, submitCheckout } from "~/checkout/submit.server";
import { deliveryOffer } from "~/delivery/days";
import { getLocale } from "~/i18n/i18next.server";
import { isolate } from "~/i18n/isolate";
import { type LanguageCode, getLanguage } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { readForm } from "~/platform/http.server";
import { minutesLeft } from "~/promotions/guesses.server";
import { contactLinksOf, contactTextsOf } from "~/settings/contacts";
import { deliveryBounds } from "~/settings/model";
import { shop } from "~/shop.server";
import { ClosedNotice } from "~/ui/ClosedNotice";
import { Price, WasPrice } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useRootData } from "~/ui/root-data";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const cart = await pricedCart(request, language);
  // Nothing to order, or a product sold out since: the cart says what to do.
  if (cart.count === 0 || cart.soldOut > 0) throw redirect("/cart");
  const t = shop.t(language, "common");
  return {
    meta: {
      title: pageTitle(t, t("pages.checkout.title")),
      description: t("pages.checkout.description"),
    },
    // One token per form shown: sending the same form twice places one order (D9).
    token: randomUUID(),
    window: checkoutWindow(),
    // How the order is paid, and which messages it brings and through what (D87).
    payment: [shop.t(language, "checkout")("summary.payment"), messagesNotice(language)]
      .filter(Boolean)
      .join(" "),
    ...(await priced(cart, await shop.promo.read(request), language)),
  };
}

async function pricedCart(request: Request, language: LanguageCode) {
  const { catalog } = shop.content();
  return priceCart(await shop.cart.read(request, cartKnowsOf(catalog)), (key) =>
    cartProduct(catalog, key, language),
  );
}

/** Which messages the order brings and through what (D87), in words made here. */
function messagesNotice(language: LanguageCode): string | null {
  const { messaging } = shop.telegram;
  const t = shop.t(language, "checkout");
  const kinds = Object.entries(shop.content().settings.messages.sms)
    .filter(([, on]) => on)
    .map(([kind]) => t(`notice.kinds.${kind}`));
  const sentences = [
    messaging?.sms && kinds.length > 0
      ? t("notice.sms", {
          list: new Intl.ListFormat(getLanguage(language).htmlLang, { type: "conjunction" }).format(
            kinds,
          ),
        })
      : null,
    messaging?.email ? t("notice.email") : null,
  ].filter(Boolean);
  return sentences.length > 0 ? sentences.join(" ") : null;
}

function checkoutWindow() {
  const { settings } = shop.content();
  return currentDeliveryWindow(
    shop.clock,
    deliveryBounds(settings.delivery, shop.config.delivery, shop.today()),
  );
}

/**
 * The cart priced with its promotions and `code` (D86), and where and when with each
 * area's fee for what the goods cost after it (D84): worked out here, shown as it is.
 */
async function priced(cart: PricedCart, code: string | null, language: LanguageCode) {
  const { settings, promotions } = shop.content();
  const summary = await cartPromotions(shop.db, cart, promotions, code, shop.today(), language);
  const offer = deliveryOffer(
    settings.zones,
    settings.week,
    shop.clock(),
    checkoutWindow(),
    language,
    summary.due,
  );
  // Below the minimum order, how much is missing (D84), in words made here.
  const { minimum } = settings.week;
  const missing = minimum === null ? 0 : Math.max(0, minimum - summary.due);
  const checkout = shop.t(language, "checkout");
  const price = (tetri: number) => isolate(formatPrice(tetri, language));
  const minimumNote =
    minimum !== null && missing > 0
      ? checkout("check.minimum", { minimum: price(minimum), missing: price(missing) })
      : null;
  return { summary, offer, minimumNote };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, context }: ActionFunctionArgs) {
  const { settings, promotions } = shop.content();
  const form = await readForm(request);
  const language = await getLocale(request);
  const client = clientKey(request, context.clientAddress, shop.config);
  const applied = await shop.promo.read(request);
  const typed = form.get("promo") ?? "";
  const values = {
    ...Object.fromEntries(checkoutFields.map((field) => [field, form.get(field) ?? ""])),
    promo: typed,
  } as Record<CheckoutField | "promo", string>;
  const intent = form.get("intent");
  // Without JavaScript, choosing the area asks the page again: the fee and the total, what
  // was typed kept, nothing checked or placed yet. So does going back from the code's step
  // to change the form (D87).
  if (intent === "area" || intent === "edit")
    return data({
      error: null,
      values,
      ...(await priced(await pricedCart(request, language), applied, language)),
    });
  // Apply (or Remove) the promo code (D86): kept for this browser, the form as it was typed.
  if (intent === "promo" || intent === "promoRemove") {
    const code = intent === "promo" ? typed.trim() || null : null;
    const guess = await shop.guesses.attempt(client, code, promotions);
    if (!guess.ok) return tooManyCodes(guess.retryAfterSeconds, values, language, applied, request);
    return data(
      {
        error: null,
        values: { ...values, promo: code ?? "" },
        ...(await priced(await pricedCart(request, language), code, language)),
      },
      { headers: { "Set-Cookie": await shop.promo.commit(code) } },
    );
  }
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
      promotions,
      guesses: shop.guesses,
      codes: shop.codes ? { ask: settings.messages.askCode, service: shop.codes } : undefined,
    },
    {
      form,
      cart: await shop.cart.read(request, cartKnowsOf(shop.content().catalog)),
      language,
      client,
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
      // The summary names the code's problem when the code was what was refused; otherwise
      // it stays as applied (a code typed but not yet counted is not tried here).
      const code = outcome.error.message.startsWith("promo.") ? typed : applied;
      return data(
        {
          error,
          values: { ...outcome.values, promo: typed },
          ...(await priced(await pricedCart(request, language), code, language)),
        },
        { status: outcome.httpStatus, headers },
      );
    }
    case "code": {
      // Not placed yet (D87): the code's step, the form kept in it.
      const headers = outcome.step.retryAfterSeconds
        ? { "Retry-After": String(outcome.step.retryAfterSeconds) }
        : undefined;
      return data(
        {
          values: { ...outcome.values, promo: typed },
          code: codeStepView(
            outcome.step,
            shop.t(language, "checkout"),
            callTheShop(),
            outcome.token,
          ),
          ...(await priced(await pricedCart(request, language), applied, language)),
        },
        { status: outcome.httpStatus, headers },
      );
    }
    case "placed":
      // The chat notifications go out after the commit, never holding up the shopper.
      shop.kickOutbox();
      // Its last jar may have gone: this process shows "Sold out" from the next page on.
      await shop.refreshContent();
      throw await thankYou(request, outcome.orderNumber);
  }
}

/** The shop's phone for a shopper who gets no code (D87), as the footer links it. */
function callTheShop() {
  const { contacts } = shop.content().settings;
  const href = contactLinksOf(contacts).phone;
  return href ? { phone: contactTextsOf(contacts).phone, href } : null;
}

/** Too many codes that are no code (D86): 429, the minutes left named, nothing else changed. */
async function tooManyCodes(
  retryAfterSeconds: number,
  values: Record<CheckoutField | "promo", string>,
  language: LanguageCode,
  applied: string | null,
  request: Request,
) {
  return data(
    {
      error: explainRefusal(
        { message: "promo.tooMany", fields: [], values: { count: minutesLeft(retryAfterSeconds) } },
        shop.t(language, "checkout"),
        language,
      ),
      values,
      ...(await priced(await pricedCart(request, language), applied, language)),
    },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** The redirect to the thank-you page: the cart emptied, the order remembered for this browser. */
async function thankYou(request: Request, orderNumber: number): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await shop.cart.commit([]));
  // The code served its order; the next one starts without it.
  headers.append("Set-Cookie", await shop.promo.commit(null));
  headers.append(
    "Set-Cookie",
    await rememberPlacedOrder(shop.flash, request, orderNumber, shop.clock()),
  );
  return redirect("/checkout/thanks", { status: 303, headers });
}

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const { token, window } = loaded;
  const ordering = useRootData()?.ordering;
  const actionData = useActionData<typeof action>();
  // The server's pricing (D86): the answer's when the page was asked again, else the load's.
  const { offer, summary, minimumNote } = actionData ?? loaded;
  const { t } = useTranslation("checkout");
  const { lines } = usePricedCart();
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
        {ordering?.taking === false ? (
          <ClosedNotice resumeOn={ordering?.resumeOn ?? null} />
        ) : actionData && "code" in actionData ? (
          <Suspense fallback={null}>
            <CodeStep view={actionData.code} values={actionData.values} />
          </Suspense>
        ) : (
          <CheckoutForm
            token={token}
            window={window}
            offer={offer}
            area={area}
            onArea={setArea}
            result={actionData}
            promo={summary}
          />
        )}
        <aside className="order-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t("checkout:summary.title")}</h2>
          <ul>
            {lines.map(({ product, qty, subtotal }) => {
              const priced = summary.lines[product.key];
              return (
                <li key={product.key}>
                  <span>
                    <span {...product.titleLang}>{product.title}</span>{" "}
                    <bdi className="order-summary__qty">
                      {t("checkout:summary.quantity", { count: qty })}
                    </bdi>
                  </span>
                  <span>
                    {priced && priced.price < priced.regular ? (
                      <WasPrice amount={subtotal} />
                    ) : null}
                    <Price amount={priced?.subtotal ?? subtotal} />
                  </span>
                </li>
              );
            })}
          </ul>
          <DeliverySummary
            offer={offer}
            area={area}
            goods={summary.goods}
            discount={summary.discount}
            due={summary.due}
            minimumNote={minimumNote}
          />
          <p className="order-summary__payment">{loaded.payment}</p>
          <Link to="/cart">{t("checkout:summary.edit")}</Link>
        </aside>
      </div>
    </section>
  );
}

const loadCodeStep = () => import("~/checkout/CodeStep");

/**
 * The code's step (D87) is not part of the checkout's first load: the browser fetches it
 * when an answer asks for a code. The server renders it as part of the page, so without
 * JavaScript the step is there in the HTML.
 */
const CodeStep = import.meta.env.SSR
  ? (await loadCodeStep()).CodeStep
  : lazy(() => loadCodeStep().then((module) => ({ default: module.CodeStep })));
