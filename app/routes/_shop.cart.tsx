import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { type ChangeEvent, type FocusEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CartForm, useCartFetcher, useExpectedQuantity } from "~/cart/CartForm";
import { readTypedQuantity } from "~/cart/cart.server";
import { type CartAnswer, applyCartIntent, isCartIntent } from "~/cart/intents";
import type { PricedLine } from "~/cart/priced";
import { priceCart } from "~/cart/priced";
import { cartKnowsOf, cartProduct, cartRulesOf } from "~/cart/products";
import { promoProblem } from "~/cart/promo-problem.server";
import { cartPromotions } from "~/cart/promotions.server";
import { usePricedCart } from "~/cart/use-cart";
import { clientKey } from "~/checkout/rate-limit.server";
import { cheapestZone, deliveryHint, missingForMinimum } from "~/delivery/fee";
import { getLocale } from "~/i18n/i18next.server";
import { Isolated, isolate } from "~/i18n/isolate";
import { formatPrice } from "~/i18n/money";
import { asciiDigits } from "~/platform/digits";
import { shareable } from "~/platform/handle";
import { readForm, safeRedirect } from "~/platform/http.server";
import { minutesLeft } from "~/promotions/guesses.server";
import type { PromoSummary } from "~/promotions/summary";
import { shop } from "~/shop.server";
import { ClosedNotice } from "~/ui/ClosedNotice";
import { Price, WasPrice } from "~/ui/Price";
import { ProductImage } from "~/ui/ProductImage";
import { useToasts } from "~/ui/Toasts";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useRootData } from "~/ui/root-data";
import { createToast, flashToast } from "~/ui/toast.server";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const t = shop.t(language, "common");
  const { settings, catalog, promotions } = shop.content();
  const cheapest = cheapestZone(settings.zones);
  const cart = priceCart(await shop.cart.read(request, cartKnowsOf(catalog)), (key) =>
    cartProduct(catalog, key, language),
  );
  return {
    // The cart priced with its promotions and the code applied (D86), by the server: the
    // browser shows it as it is. A code's cookie makes the page this visitor's alone.
    summary: await cartPromotions(
      shop.db,
      cart,
      promotions,
      await shop.promo.read(request),
      shop.today(),
      language,
    ),
    meta: { title: pageTitle(t, t("pages.cart.title")), description: t("pages.cart.description") },
    // What delivery costs at the cheapest (D84): the same for every cart, so the page stays
    // shareable; the cart's own total picks the sentence.
    delivery: {
      zones: cheapest ? [{ ...cheapest, names: {} }] : [],
      minimum: settings.week.minimum,
    },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/**
 * The one cart action (D4, D5): add, set, increment, decrement, remove, clear. Prices
 * are never read from the request. A fetcher gets the outcome as data; a plain form
 * post is redirected back (303) with the outcome as a one-time toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = readTypedQuantity(await readForm(request));
  const intent = form.get("intent");
  if (intent === "promo" || intent === "promoRemove") return applyCode(request, context, form);
  const viaFetcher = form.get("fetcher") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"), "/cart");

  if (!isCartIntent(intent)) {
    const toast = createToast({ kind: "error", error: "badRequest" });
    if (viaFetcher) return data<CartAnswer>({ ok: false, toast }, { status: 400 });
    throw redirect(redirectTo, {
      status: 303,
      headers: { "Set-Cookie": await flashToast(shop.flash, request, toast) },
    });
  }

  const { catalog } = shop.content();
  const cart = await shop.cart.read(request, cartKnowsOf(catalog));
  const result = applyCartIntent(cartRulesOf(catalog), cart, intent, form);
  const added =
    result.ok && intent === "add"
      ? cartProduct(catalog, String(form.get("key")), await getLocale(request))
      : undefined;
  const toast = !result.ok
    ? createToast({ kind: "error", error: result.error })
    : result.limited
      ? createToast({ kind: "limit" })
      : added
        ? createToast({ kind: "added", title: added.title })
        : null;

  const headers = new Headers();
  if (result.ok) headers.append("Set-Cookie", await shop.cart.commit(result.cart));
  if (viaFetcher)
    return data<CartAnswer>({ ok: result.ok, toast }, { status: result.ok ? 200 : 400, headers });

  if (toast) headers.append("Set-Cookie", await flashToast(shop.flash, request, toast));
  throw redirect(redirectTo, { status: 303, headers });
}

/**
 * `Apply` (or `Remove`) a promo code (D86): kept in its own cookie, never in an address,
 * and the cart shown again with the discount or the reason it does not apply. A client
 * that typed too many codes that are none is answered 429 with the minutes to wait.
 */
async function applyCode(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: URLSearchParams,
) {
  const code = form.get("intent") === "promo" ? form.get("code")?.trim() || null : null;
  const guess = await shop.guesses.attempt(
    clientKey(request, context.clientAddress, shop.config),
    code,
    shop.content().promotions,
  );
  const language = await getLocale(request);
  if (!guess.ok)
    return data(
      {
        tooMany: promoProblem(
          shop.t(language, "checkout"),
          { problem: "tooMany", minutes: minutesLeft(guess.retryAfterSeconds) },
          language,
        ),
      },
      { status: 429, headers: { "Retry-After": String(guess.retryAfterSeconds) } },
    );
  throw redirect("/cart", {
    status: 303,
    headers: { "Set-Cookie": await shop.promo.commit(code) },
  });
}

export default function CartPage() {
  const { t } = useTranslation(["cart", "common"]);
  const { lines, total: plain, soldOut } = usePricedCart();
  const { summary } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const tooMany = answer && "tooMany" in answer ? answer.tooMany : undefined;
  const ordering = useRootData()?.ordering;
  // The server's prices while the cart is as it priced it; a change on its way shows the
  // catalogue's until its answer prices it again. Sold-out lines are priced by neither.
  const settled = lines.every(
    ({ product, qty }) => !product.orderable || summary.lines[product.key]?.qty === qty,
  );
  const total = settled ? summary.due : plain;

  return (
    <section className="page cart">
      <h1>{t("common:pages.cart.title")}</h1>
      {ordering && !ordering.taking ? <ClosedNotice resumeOn={ordering.resumeOn} /> : null}
      {lines.length === 0 ? (
        <div className="empty-state">
          <p>{t("cart:empty")}</p>
          <Link to="/catalog" className="button">
            {t("cart:toCatalog")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem
                key={line.product.key}
                line={line}
                priced={settled ? summary.lines[line.product.key] : undefined}
              />
            ))}
          </ul>
          <div className="cart-summary">
            <PromoForm summary={summary} tooMany={tooMany} />
            {settled && summary.discount ? (
              <p className="cart-summary__discount">
                <span>{summary.discount.name}</span> <Price amount={-summary.discount.amount} />
              </p>
            ) : null}
            <p className="cart-summary__total">
              <span>{t("cart:total")}</span> <Price amount={total} />
            </p>
            <DeliveryNote goods={total} />
            <p className="cart-summary__note">{t("cart:cashNote")}</p>
            {soldOut > 0 ? <p className="cart-summary__sold-out">{t("cart:soldOutNote")}</p> : null}
            <div className="actions">
              {soldOut > 0 || (ordering && !ordering.taking) ? null : (
                <Link to="/checkout" className="button button--large">
                  {t("cart:checkout")}
                </Link>
              )}
              <Link to="/catalog" className="button button--quiet">
                {t("cart:continue")}
              </Link>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function CartLineItem({
  line,
  priced,
}: { line: PricedLine; priced?: PromoSummary["lines"][string] }) {
  const { t } = useTranslation("cart");
  const fetcher = useCartFetcher(`cart-line:${line.product.key}`);
  const stepBy = useExpectedQuantity(line.qty);
  const { product } = line;
  const title = product.title;
  return (
    <li className={product.orderable ? "cart-line" : "cart-line cart-line--sold-out"}>
      {product.photo ? (
        <ProductImage
          className="cart-line__image"
          photo={{ ...product.photo, alt: "" }}
          sizes="96px"
          loading="lazy"
        />
      ) : null}
      <div className="cart-line__info">
        <h2 className="cart-line__title">
          <Link to={product.href} {...product.titleLang}>
            {title}
          </Link>
        </h2>
        <p className="cart-line__price">
          <span className="visually-hidden">{t("line.price")}: </span>
          {priced && priced.price < priced.regular ? (
            <>
              <WasPrice amount={priced.regular} /> <Price amount={priced.price} />
            </>
          ) : (
            <Price amount={product.price} />
          )}
        </p>
        {product.orderable ? null : <p className="cart-line__sold-out">{t("line.soldOut")}</p>}
      </div>
      <div className="cart-line__quantity">
        <CartForm
          fetcher={fetcher}
          intent="decrement"
          productKey={product.key}
          expected={line.qty}
          onSubmit={stepBy(-1)}
        >
          <button
            type="submit"
            className="icon-button"
            aria-label={t("cart:line.decrease", { title })}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </CartForm>
        <QuantityInput line={line} title={title} fetcher={fetcher} />
        <CartForm
          fetcher={fetcher}
          intent="increment"
          productKey={product.key}
          expected={line.qty}
          onSubmit={stepBy(1)}
        >
          <button
            type="submit"
            className="icon-button"
            aria-label={t("cart:line.increase", { title })}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path
                d="M3 8h10M8 3v10"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </CartForm>
      </div>
      <p className="cart-line__subtotal">
        <span className="visually-hidden">{t("cart:line.subtotal")}: </span>
        <Price amount={priced?.subtotal ?? line.subtotal} />
      </p>
      <CartForm
        fetcher={fetcher}
        intent="remove"
        productKey={product.key}
        className="cart-line__remove"
      >
        <button
          type="submit"
          className="button button--quiet button--small"
          aria-label={t("cart:line.removeLabel", { title })}
        >
          {t("cart:line.remove")}
        </button>
      </CartForm>
    </li>
  );
}

/**
 * A number, in any script's digits (٣ shows as 3); with JavaScript the quantity is set on
 * blur or Enter (empty or 0 removes the line); without it the Update button posts it.
 */
function QuantityInput({
  line,
  title,
  fetcher,
}: {
  line: PricedLine;
  title: string;
  fetcher: ReturnType<typeof useCartFetcher>;
}) {
  const { t } = useTranslation("cart");
  const toasts = useToasts();
  const [value, setValue] = useState(String(line.qty));

  useEffect(() => setValue(String(line.qty)), [line.qty]);

  /**
   * What is not a number changes nothing: the field keeps the quantity it had (stripping
   * the letters instead emptied it, and an empty field removes the line) and says why,
   * as the server does for a form posted without scripts.
   */
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = asciiDigits(event.target.value);
    if (/^\d*$/.test(typed)) setValue(typed.slice(0, 2));
    else toasts.show({ id: `quantity:${line.product.key}`, kind: "error", error: "badQuantity" });
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    if (event.target.value !== String(line.qty)) fetcher.submit(event.target.form);
  }

  return (
    <CartForm
      fetcher={fetcher}
      intent="set"
      productKey={line.product.key}
      className="quantity-form"
    >
      <label className="visually-hidden" htmlFor={`qty-${line.product.key}`}>
        {t("line.quantityOf", { title })}
      </label>
      <input
        id={`qty-${line.product.key}`}
        className="quantity-input"
        name="quantity"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
      />
      {/* Shown with and without JavaScript: hiding it once scripts run moved the cart's
          summary up under the shopper's eyes (layout shift, D74). */}
      <button type="submit" className="button button--quiet button--small">
        {t("line.update")}
      </button>
    </CartForm>
  );
}

/** What delivery will cost (D84): from the cheapest area's fee, or how far free delivery is. */
function DeliveryNote({ goods }: { goods: number }) {
  const { delivery } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("cart");
  const price = (tetri: number) => isolate(formatPrice(tetri, i18n.language));
  const hint = deliveryHint(delivery.zones, goods);
  const missing = missingForMinimum(delivery, goods);
  return (
    <>
      {hint ? (
        <p className="cart-summary__delivery">
          <Isolated
            text={
              hint.kind === "from"
                ? t("cart:delivery.from", { fee: price(hint.fee) })
                : hint.kind === "free"
                  ? t("cart:delivery.free")
                  : t("cart:delivery.freeFrom", {
                      amount: price(hint.freeFrom),
                      missing: price(hint.missing),
                    })
            }
          />
        </p>
      ) : null}
      {missing > 0 && delivery.minimum !== null ? (
        <p className="cart-summary__minimum">
          <Isolated
            text={t("cart:delivery.minimum", {
              minimum: price(delivery.minimum),
              missing: price(missing),
            })}
          />
        </p>
      ) : null}
    </>
  );
}

/**
 * The promo code (D86): a plain form that posts to the cart and comes back to it, with
 * and without JavaScript; the code applied shown in it, with `Remove`, and why a code
 * does not apply under it. The discount itself is the summary's line.
 */
function PromoForm({ summary, tooMany }: { summary: PromoSummary; tooMany?: string }) {
  const { t } = useTranslation("checkout");
  const problem = tooMany ?? summary.problem?.text;
  return (
    <Form method="post" action="/cart" className="field promo-form">
      <label htmlFor="promo-code">{t("promo.label")}</label>
      <div className="field__with-button">
        <input
          key={summary.code}
          id="promo-code"
          name="code"
          type="text"
          autoComplete="off"
          maxLength={40}
          defaultValue={summary.code ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "promo-problem" : undefined}
        />
        <button type="submit" name="intent" value="promo" className="button button--light">
          {t("promo.apply")}
        </button>
        {summary.code ? (
          <button type="submit" name="intent" value="promoRemove" className="button button--quiet">
            {t("promo.remove")}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="promo-form__problem" id="promo-problem" role="alert">
          <Isolated text={problem} />
        </p>
      ) : null}
    </Form>
  );
}
