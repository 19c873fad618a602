import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FIELD_LIMITS } from "~/checkout/fields";
import { clientKey } from "~/checkout/rate-limit.server";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { lookUpOrder } from "~/shopper/tracking.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/**
 * `/track` (D33): an order number and a phone lead to the order's private page; every
 * miss gets the same answer, and too many tries a 429.
 */
// The form is the same for everyone; only an answer (a POST) is this visitor's. It leads
// to an order's private page, so it lives under `_own`, which is never measured.
export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "checkout");
  return { meta: { title: pageTitle(t, t("track.title")), noindex: true } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const number = (form.get("number") ?? "").slice(0, 12);
  const phone = (form.get("phone") ?? "").slice(0, FIELD_LIMITS.phone);
  const found = await lookUpOrder(
    shop.db,
    { number, phone, client: clientKey(request, context.clientAddress, shop.config) },
    shop.clock(),
  );
  if (found.outcome === "found") return redirect(`/o/${found.token}`, 303);
  if (found.outcome === "limited")
    return data(
      {
        problem: "limited" as const,
        number,
        phone,
        minutes: Math.ceil(found.retryAfterSeconds / 60),
      },
      { status: 429, headers: { "Retry-After": String(found.retryAfterSeconds) } },
    );
  return data({ problem: "miss" as const, number, phone, minutes: 0 }, { status: 400 });
}

export default function Track() {
  const { t } = useTranslation("checkout");
  const answer = useActionData<typeof action>();
  const alert = useFocusOnAnswer<HTMLDivElement>(answer);
  return (
    <section className="page page--narrow track">
      <h1>{t("track.title")}</h1>
      <p>{t("track.intro")}</p>
      {answer ? (
        <div ref={alert} role="alert" tabIndex={-1} className="form-alert">
          {answer.problem === "limited"
            ? t("track.limited", { count: answer.minutes })
            : t("track.miss")}
        </div>
      ) : null}
      <Form method="post" className="track__form">
        <div className="field">
          <label htmlFor="track-number">{t("track.number")}</label>
          <input
            id="track-number"
            name="number"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            maxLength={12}
            defaultValue={answer?.number ?? ""}
          />
        </div>
        <div className="field">
          <label htmlFor="track-phone">{t("track.phone")}</label>
          <input
            id="track-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            dir="ltr"
            required
            maxLength={FIELD_LIMITS.phone}
            placeholder="+995 5__ ___ ___"
            defaultValue={answer?.phone ?? ""}
          />
        </div>
        <button type="submit" className="button button--large">
          {t("track.find")}
        </button>
      </Form>
    </section>
  );
}
