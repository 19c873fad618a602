import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FIELD_LIMITS } from "~/checkout/fields";
import { CardList } from "~/desk/CardList";
import { anchorOf, neighbourOf, postedPlace } from "~/desk/place";
import { getLocale } from "~/i18n/i18next.server";
import { BLOCK_REASON_MAX } from "~/orders/blocked";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/orders/blocked.server";
import { normalizePhone } from "~/phone/phone";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/**
 * Numbers an owner blocked (D31): checkouts from them get a neutral answer naming the
 * shop's phone, and nothing is stored but the attempt. `?phone=` fills in the number
 * (the order page links here).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const when = (iso: string) => formatShopDateTime(Date.parse(iso), language);
  const blocked = await listBlockedPhones(shop.db);
  return {
    meta: { title: pageTitle(t, t("blocked.title"), { brand: false }), noindex: true },
    phone: (new URL(request.url).searchParams.get("phone") ?? "").slice(0, FIELD_LIMITS.phone),
    blocked: blocked.map((block) => ({
      phone: block.phone,
      reason: block.reason,
      by: block.blocked_by,
      at: when(block.created_at),
      attempts: block.attempts,
      lastAttempt: block.last_attempt_at ? when(block.last_attempt_at) : null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const actor = { staffId: staff.id, name: staff.name };
  const now = shop.clock();
  const phone = (form.get("phone") ?? "").slice(0, FIELD_LIMITS.phone);
  if (form.get("intent") === "unblock") {
    const lifted = await unblockPhone(shop.db, { phone, actor }, now);
    // The card is gone: back to its neighbour's place, not the page's top (desk/place.ts).
    const place = postedPlace(form.get("place"), "blocked-list");
    return redirectWithToast(shop.flash, request, `/desk/blocked#${place}`, {
      kind: "desk",
      message: lifted ? "blocked.lifted" : "blocked.gone",
    });
  }
  const reason = (form.get("reason") ?? "").slice(0, BLOCK_REASON_MAX);
  const outcome = await blockPhone(shop.db, { phone, reason, actor }, now);
  if (outcome !== "blocked") return data({ problem: outcome, phone, reason }, 400);
  // To the new number's card, wherever the list puts it.
  const place = anchorOf("blocked", normalizePhone(phone) ?? "");
  return redirectWithToast(shop.flash, request, `/desk/blocked#${place}`, {
    kind: "desk",
    message: "blocked.added",
  });
}

export default function DeskBlocked() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  const anchors = page.blocked.map((block) => anchorOf("blocked", block.phone));
  return (
    <section className="desk-page">
      <h1>{t("blocked.title")}</h1>
      <p>{t("blocked.intro")}</p>
      <Form method="post" className="desk-form" aria-labelledby="blocked-add">
        <h2 id="blocked-add">{t("blocked.add")}</h2>
        {answer ? (
          <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
            {t(`blocked.problem.${answer.problem}`)}
          </p>
        ) : null}
        <p className="desk-field">
          <label htmlFor="blocked-phone">{t("blocked.phone")}</label>
          <input
            id="blocked-phone"
            name="phone"
            type="tel"
            dir="ltr"
            required
            maxLength={FIELD_LIMITS.phone}
            defaultValue={answer?.phone ?? page.phone}
            aria-invalid={answer?.problem === "phone" || answer?.problem === "exists" || undefined}
          />
        </p>
        <p className="desk-field">
          <label htmlFor="blocked-reason">{t("blocked.reason")}</label>
          <input
            id="blocked-reason"
            name="reason"
            required
            maxLength={BLOCK_REASON_MAX}
            defaultValue={answer?.reason ?? ""}
            aria-invalid={answer?.problem === "reason" || undefined}
          />
        </p>
        <button type="submit" className="desk-button desk-button--primary">
          {t("blocked.block")}
        </button>
      </Form>

      <h2 id="blocked-list">{t("blocked.list")}</h2>
      <CardList
        items={page.blocked}
        empty={t("blocked.none")}
        keyOf={(block) => block.phone}
        idOf={(block) => anchorOf("blocked", block.phone)}
      >
        {(block, index) => (
          <>
            <h3>
              <bdi dir="ltr">{block.phone}</bdi>
            </h3>
            <p>
              <q>{block.reason}</q>
            </p>
            <p className="desk-muted">
              {t("blocked.by", { name: block.by, date: block.at })} ·{" "}
              {t("blocked.attempts", { count: block.attempts })}
              {block.lastAttempt
                ? ` · ${t("blocked.lastAttempt", { date: block.lastAttempt })}`
                : ""}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="unblock" />
              <input type="hidden" name="phone" value={block.phone} />
              <input
                type="hidden"
                name="place"
                value={neighbourOf(anchors, index, "blocked-list")}
              />
              <button
                type="submit"
                className="desk-button"
                aria-label={t("blocked.unblockNamed", { phone: block.phone })}
              >
                {t("blocked.unblock")}
              </button>
            </Form>
          </>
        )}
      </CardList>
    </section>
  );
}
