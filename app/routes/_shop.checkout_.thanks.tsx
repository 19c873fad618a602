import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, redirect, useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type AnalyticsWindow, purchaseOf, reportPurchaseOnce } from "~/analytics/events";
import { readPlacedOrder } from "~/checkout/confirmation.server";
import { getLocale } from "~/i18n/i18next.server";
import { Isolated, isolate } from "~/i18n/isolate";
import { getLanguage } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { deliveryView, deliveryWords, orderAmounts, promotionWords } from "~/orders/amounts";
import { formatOrderNumber } from "~/orders/place.server";
import { findOrder, promotionsOf } from "~/orders/read.server";
import { formatLongDate, parseShortDate } from "~/platform/calendar";
import type { loader as rootLoader } from "~/root";
import { shop } from "~/shop.server";
import { followLink } from "~/shopper/shopper-chat";
import { CopyButton } from "~/ui/CopyButton";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * The thank-you (D10): only the browser that placed the order sees it, by the mark in its
 * signed session; anyone else, or later, is sent home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const placed = await readPlacedOrder(shop.flash, request, shop.clock());
  const found = placed === null ? null : await findOrder(shop.db, placed);
  if (!found) throw redirect("/");
  const deliveryDate = parseShortDate(found.order.delivery_time);
  const language = await getLocale(request);
  const t = shop.t(language, "checkout");
  const locale = getLanguage(language).htmlLang;
  const orderNumber = formatOrderNumber(found.order.order_number);
  const bot = shop.botUsername();
  const purchase = purchaseOf(
    orderNumber,
    orderAmounts(found.order),
    found.items,
    found.order.promo_code,
  );
  const delivery = deliveryView(found.order, shop.content().settings.zones, language);
  const promotions = (await promotionsOf(shop.db, [found.order.id])).get(found.order.id) ?? [];
  const money = (tetri: number) => formatPrice(tetri, language);
  return {
    meta: { title: pageTitle(t, t("thanks.title"), { brand: false }), noindex: true },
    purchase,
    orderNumber,
    total: found.order.total,
    // The goods, each promotion's line (D86) and the delivery line (D84), values isolated.
    amounts:
      delivery || promotions.length > 0
        ? [
            t("amounts.goods", { goods: isolate(money(orderAmounts(found.order).goods)) }),
            ...promotions.map((line) => promotionWords(line, t, money, isolate)),
            ...(delivery ? [deliveryWords(delivery, t, money, isolate)] : []),
          ]
        : [],
    trackToken: found.order.track_token,
    follow: bot && found.order.chat_token ? followLink(bot, found.order.chat_token) : null,
    deliveryDate: deliveryDate ? formatLongDate(deliveryDate, locale) : found.order.delivery_time,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Thanks() {
  const { orderNumber, total, amounts, deliveryDate, purchase, trackToken, follow } =
    useLoaderData<typeof loader>();
  const analyticsIds = useRouteLoaderData<typeof rootLoader>("root")?.analytics;
  const { t, i18n } = useTranslation("checkout");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);

  // Once per order, whatever reloads or back-and-forth follow (D14).
  useEffect(() => {
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    reportPurchaseOnce(window as unknown as AnalyticsWindow, storage, purchase, {
      gaMeasurementId: analyticsIds?.gaMeasurementId ?? null,
      adsConversionSendTo: analyticsIds?.adsConversionSendTo ?? null,
    });
  }, [purchase, analyticsIds]);

  // With scripts the overlay becomes a real modal: focus inside, the page behind inert.
  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== "function") return;
    element.close();
    element.showModal();
  }, []);

  return (
    <div className="thanks-backdrop">
      <dialog
        ref={dialog}
        open
        className="thanks"
        aria-labelledby="thanks-title"
        onCancel={(event) => {
          event.preventDefault();
          navigate("/");
        }}
      >
        <svg className="thanks__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
        <h1 id="thanks-title">{t("thanks.title")}</h1>
        <p className="thanks__label">{t("thanks.numberLabel")}</p>
        <p className="thanks__number">
          <bdi>{orderNumber}</bdi>
        </p>
        {hydrated ? (
          <CopyButton
            text={orderNumber}
            label={t("thanks.copy")}
            copiedLabel={t("thanks.copied")}
          />
        ) : null}
        <p>
          <Isolated text={t("thanks.delivery", { date: isolate(deliveryDate) })} />
        </p>
        {amounts.map((line) => (
          <p key={line}>
            <Isolated text={line} />
          </p>
        ))}
        <p>
          <Isolated
            text={t("thanks.total", { total: isolate(formatPrice(total, i18n.language)) })}
          />
        </p>
        <p className="thanks__text">{t("thanks.text")}</p>
        {trackToken ? (
          <p>
            {/* A new document: Google's tag, started here, never sees the private page. */}
            <Link to={`/o/${trackToken}`} reloadDocument className="button button--quiet">
              {t("track.link")}
            </Link>
          </p>
        ) : null}
        {follow ? (
          // Inline, not a shared component: a shared one is folded into every page's scripts.
          <div className="follow-telegram">
            <p className="follow-telegram__hint" id="follow-telegram-hint">
              {t("track.followHint")}
            </p>
            <p>
              <a
                href={follow}
                className="button button--quiet"
                rel="noopener noreferrer"
                aria-describedby="follow-telegram-hint"
              >
                {t("track.follow")}
              </a>
            </p>
          </div>
        ) : null}
        <Link to="/" className="button button--large">
          {t("thanks.home")}
        </Link>
      </dialog>
    </div>
  );
}
