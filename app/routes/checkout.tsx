import { randomUUID } from "node:crypto";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { shopToday } from "~/calendar";
import { commitCart, getCart } from "~/cart/cart.server";
import { priceCart } from "~/cart/model";
import { useCart } from "~/cart/use-cart";
import { CheckoutForm, type FormError } from "~/checkout/CheckoutForm";
import { rememberPlacedOrder } from "~/checkout/confirmation.server";
import { deliveryWindow } from "~/checkout/delivery-date";
import { findOrderByToken, placeOrder } from "~/checkout/orders.server";
import { clientKey, orderRateLimiter } from "~/checkout/rate-limit.server";
import { type CheckoutField, checkoutFields, validateCheckout } from "~/checkout/schema";
import { getConfig } from "~/config.server";
import { db } from "~/db.server";
import { readForm } from "~/http.server";
import { getLocale } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/instance.server";
import { getPageMeta } from "~/i18n/page-meta.server";
import { kickNotifier } from "~/notify/notifier.server";
import { enqueueOrderNotifications } from "~/notify/outbox.server";
import { Price } from "~/ui/Price";
import { pageMetaTags } from "~/ui/meta";

export const handle = { i18n: ["checkout", "cart", "catalog"] };

/** Per-visitor page: never stored by a shared cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const TOKEN = /^[\w-]{16,64}$/;

function currentWindow() {
  return deliveryWindow(shopToday(), getConfig().delivery);
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (priceCart(getCart(request)).count === 0) throw redirect("/cart");
  return {
    meta: await getPageMeta(request, "checkout"),
    // One token per form shown: sending the same form twice places one order (D9).
    token: randomUUID(),
    window: currentWindow(),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  // People never fill the hidden field; whatever does is not a shopper (D12).
  if (form.get("website")) throw redirect("/", { status: 303 });

  const values = Object.fromEntries(
    checkoutFields.map((field) => [field, form.get(field) ?? ""]),
  ) as Record<CheckoutField, string>;
  const fail = (error: FormError, status: number) => data({ error, values }, { status });

  const token = form.get("token") ?? "";
  if (!TOKEN.test(token)) return fail({ message: "errors.expired", fields: [] }, 400);

  // The same form sent again (a double click, a resend after a lost answer) lands on the
  // thank-you of the order it already placed (D9).
  const placedBefore = await findOrderByToken(db, token);
  if (placedBefore) throw await thankYou(request, placedBefore.order_number);

  const cart = getCart(request);
  if (priceCart(cart).count === 0) throw redirect("/cart", { status: 303 });

  const checked = validateCheckout(values, currentWindow());
  if (!checked.ok) return fail({ message: checked.message, fields: checked.fields }, 400);

  const allowed = orderRateLimiter().hit(clientKey(request));
  if (!allowed.ok) {
    return data(
      { error: { message: "errors.tooMany", fields: [] } satisfies FormError, values },
      { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
    );
  }

  const language = await getLocale(request);
  const ownerT = fixedT("ru", "catalog");
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(
      db,
      {
        values: checked.values,
        cart,
        language,
        token,
        titleOf: (slug) => ownerT(`products.${slug}.title`),
      },
      {
        afterInsert: (trx, order, items) =>
          enqueueOrderNotifications(trx, getConfig().telegram, order, items),
      },
    );
  } catch (error) {
    console.error("The order could not be saved:", error);
    return fail({ message: "errors.saveFailed", fields: [] }, 500);
  }
  if (!placed.ok) throw redirect("/cart", { status: 303 });
  // The chat notifications go out after the commit, never holding up the shopper.
  kickNotifier();
  throw await thankYou(request, placed.placed.order.order_number);
}

/** The redirect to the thank-you page: the cart emptied, the order remembered for this browser. */
async function thankYou(request: Request, orderNumber: number): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", commitCart([]));
  headers.append("Set-Cookie", await rememberPlacedOrder(request, orderNumber));
  return redirect("/checkout/thanks", { status: 303, headers });
}

export default function Checkout() {
  const { token, window } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["checkout", "catalog"]);
  const { lines, total } = priceCart(useCart());

  return (
    <section className="page checkout">
      <header className="page-header">
        <h1>{t("checkout:heading")}</h1>
        <p className="page-header__subtitle">{t("checkout:intro")}</p>
      </header>
      <div className="checkout__layout">
        <CheckoutForm token={token} window={window} result={actionData} />
        <aside className="order-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t("checkout:summary.title")}</h2>
          <ul>
            {lines.map((line) => (
              <li key={line.key}>
                <span>
                  {t(`catalog:products.${line.slug}.title`)}{" "}
                  <bdi className="order-summary__qty">
                    {t("checkout:summary.quantity", { count: line.qty })}
                  </bdi>
                </span>
                <Price amount={line.subtotal} />
              </li>
            ))}
          </ul>
          <p className="order-summary__total">
            <span>{t("checkout:summary.total")}</span> <Price amount={total} />
          </p>
          <p className="order-summary__payment">{t("checkout:summary.payment")}</p>
          <Link to="/cart">{t("checkout:summary.edit")}</Link>
        </aside>
      </div>
    </section>
  );
}
