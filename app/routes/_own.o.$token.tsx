import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, redirect, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Isolated, isolate } from "~/i18n/isolate";
import { isLanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { promotionLabel } from "~/orders/amounts";
import { formatShopDateTime } from "~/platform/calendar";
import { reviewAsk } from "~/reviews/reviews.server";
import { shop } from "~/shop.server";
import { orderPageOf } from "~/shopper/order-page.server";
import { followLink } from "~/shopper/shopper-chat";
import { messagesStanding } from "~/shopper/stop.server";
import { ChatLinks } from "~/ui/ContactsList";
import { Price } from "~/ui/Price";
import { useContacts } from "~/ui/contacts";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * An order's private page (D33), reached by its token only: in the order's language unless
 * the visitor picks another with the switcher, never cached, indexed or referred on.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page, language } = await orderPageOf(shop, request, params.token);
  if (!page) throw new Response("Not Found", { status: 404 });
  if (!url.searchParams.has("lng") && isLanguageCode(page.language) && page.language !== language)
    throw redirect(`/o/${page.token}?lng=${page.language}`);
  const t = shop.t(language, "checkout");
  const when = (at: number | null) => (at === null ? null : formatShopDateTime(at, language));
  const { chatToken, id, ...shown } = page;
  const bot = shop.botUsername();
  const { messaging } = shop.telegram;
  // SMS or e-mail come only from a shop that sends them (D87).
  const messages =
    messaging?.sms || messaging?.email
      ? await messagesStanding(shop.db, params.token, shop.config.phoneHashKey)
      : null;
  const review = await reviewAsk(
    shop.db,
    { id, status: page.status },
    shop.clock(),
    shop.config.desk.reviewAfterDays,
    shop.content().catalog,
    language,
  );
  return {
    meta: {
      title: pageTitle(t, t("track.orderTitle", { number: page.number }), { brand: false }),
      noindex: true,
    },
    ...shown,
    follow: bot && chatToken ? followLink(bot, chatToken) : null,
    messages: messages && messages.channels.length > 0 ? { stopped: messages.stopped } : null,
    review: review?.items ?? null,
    placedAt: when(page.placedAt),
    steps: page.steps.map((step) => ({ ...step, at: when(step.at) })),
    // Each line's money as every price is written in the language, its sign included.
    items: page.items.map((item) => ({
      ...item,
      subtotal: formatPrice(item.subtotal, language),
      // The charged price beside the regular one, when an automatic price made them differ.
      was:
        item.regular === null
          ? null
          : t("orderPromotions.was", {
              price: isolate(formatPrice(item.price, language)),
              regular: isolate(formatPrice(item.regular, language)),
            }),
    })),
    promotions: page.promotions.map((line) => ({
      key: line.code ?? line.name,
      label: promotionLabel(line, t, isolate),
      amount: `−${formatPrice(line.amount, language)}`,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function OrderPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  const { links, texts } = useContacts();
  const current = page.steps.filter((step) => step.done).at(-1)?.step;
  return (
    <section className="page page--narrow order-page">
      <h1>{t("track.orderTitle", { number: page.number })}</h1>
      <p className="order-page__status">
        {t("track.statusNow", { status: t(`track.step.${current ?? "placed"}`) })}
      </p>
      {page.closed ? (
        <p>{t("track.closed")}</p>
      ) : (
        <>
          <p>{t("track.placedAt", { date: page.placedAt })}</p>
          <ol className="order-page__steps">
            {page.steps.map((step) => (
              <li
                key={step.step}
                className={
                  step.done ? "order-page__step order-page__step--done" : "order-page__step"
                }
                aria-current={step.step === current ? "step" : undefined}
              >
                <span className="order-page__step-name">{t(`track.step.${step.step}`)}</span>
                {step.done && step.at ? (
                  <span className="order-page__step-at">{step.at}</span>
                ) : null}
              </li>
            ))}
          </ol>
          <dl className="order-page__facts">
            <div>
              <dt>{t("track.deliveryDate")}</dt>
              <dd>
                <bdi dir="ltr">{page.deliveryDate}</bdi>
              </dd>
            </div>
            {page.delivery || page.promotions.length > 0 ? (
              <div>
                <dt>{t("amounts.goodsLabel")}</dt>
                <dd>
                  <Price amount={page.amounts.goods} />
                </dd>
              </div>
            ) : null}
            {page.promotions.map((line) => (
              <div key={line.key} className="order-page__promotion">
                <dt>
                  <Isolated text={line.label} />
                </dt>
                <dd>
                  <bdi className="price">{line.amount}</bdi>
                </dd>
              </div>
            ))}
            {page.delivery ? (
              <>
                <div>
                  <dt>{t("amounts.deliveryLabel")}</dt>
                  <dd>
                    {page.delivery.area ? (
                      <>
                        <bdi>{page.delivery.area}</bdi> ·{" "}
                      </>
                    ) : null}
                    {page.delivery.delivery > 0 ? (
                      <Price amount={page.delivery.delivery} />
                    ) : (
                      t("amounts.free")
                    )}
                  </dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>{t("track.toPay")}</dt>
              <dd>
                <strong>
                  <Price amount={page.total} />
                </strong>
              </dd>
            </div>
            <div>
              <dt>{t("track.address")}</dt>
              <dd>
                <bdi>{page.address}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t("track.phone")}</dt>
              <dd>
                <bdi dir="ltr">{page.phone}</bdi>
              </dd>
            </div>
          </dl>
          <h2>{t("track.items")}</h2>
          <ul className="order-page__items">
            {page.items.map((item) => (
              <li key={item.key}>
                <Isolated
                  text={t("track.itemLine", {
                    title: isolate(item.title),
                    qty: item.qty,
                    subtotal: isolate(item.subtotal),
                  })}
                />
                {item.was ? (
                  <>
                    {" "}
                    <span className="order-page__was">
                      <Isolated text={item.was} />
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {page.follow ? (
            // Inline, not a shared component: a shared one is folded into every page's scripts.
            <div className="follow-telegram">
              <p className="follow-telegram__hint" id="follow-telegram-hint">
                {t("track.followHint")}
              </p>
              <p>
                <a
                  href={page.follow}
                  className="button button--quiet"
                  rel="noopener noreferrer"
                  aria-describedby="follow-telegram-hint"
                >
                  {t("track.follow")}
                </a>
              </p>
            </div>
          ) : null}
          {page.messages ? (
            <p>
              {page.messages.stopped ? (
                t("track.stoppedAlready")
              ) : (
                <>
                  {t("track.stopHint")} <Link to={`/o/${page.token}/stop`}>{t("track.stop")}</Link>
                </>
              )}
            </p>
          ) : null}
          {page.cancellable ? (
            <p>
              <Link to={`/o/${page.token}/cancel`} className="button button--quiet">
                {t("track.cancel")}
              </Link>
            </p>
          ) : null}
        </>
      )}
      {page.review ? (
        <section id="review" className="order-page__review" aria-labelledby="review-title">
          <h2 id="review-title">{t("reviews.ask")}</h2>
          <p>{t("reviews.askText")}</p>
          <ul className="order-page__items">
            {page.review.map((item) => (
              <li key={item.key}>
                {item.reviewed ? (
                  <>
                    <bdi>{item.title}</bdi> · {t("reviews.done")}
                  </>
                ) : (
                  <Link to={`/o/${page.token}/review/${item.group}/${item.slug}`}>
                    <Isolated text={t("reviews.rateItem", { title: isolate(item.title) })} />
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{t("track.contactsTitle")}</h2>
      <ul className="order-page__contacts">
        {links.phone ? (
          <li>
            {t("common:contactsMenu.phone")}:{" "}
            <a href={links.phone}>
              <bdi dir="ltr">{texts.phone}</bdi>
            </a>
          </li>
        ) : null}
        <ChatLinks />
        {links.email ? (
          <li>
            {t("common:contactsMenu.email")}:{" "}
            <a href={links.email}>
              <bdi dir="ltr">{texts.email}</bdi>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
