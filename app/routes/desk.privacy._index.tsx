import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FIELD_LIMITS } from "~/checkout/fields";
import { CardList } from "~/desk/CardList";
import { Choice, Choices } from "~/desk/Choice";
import { anchorOf } from "~/desk/place";
import { getLocale } from "~/i18n/i18next.server";
import {
  addDays,
  compareDates,
  formatShopDate,
  parseIsoDate,
  shopToday,
  toIsoDate,
} from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { daysLeft, listRequests, openRequest, parsePersonQuery } from "~/privacy/requests.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import type { PrivacyRequestKind } from "../../db/schema";

/** How far back a request may be dated: older ones are late whatever is entered. */
const OLDEST_REQUEST_DAYS = 365;

/**
 * A person's requests about their data (D35, owners): each logged on the day it came, with
 * the days left of the ten the law gives, and what was done and when.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const today = shop.today();
  const requests = await listRequests(shop.db);
  return {
    meta: { title: pageTitle(t, t("privacy.title"), { brand: false }), noindex: true },
    today: toIsoDate(today),
    oldest: toIsoDate(addDays(today, -OLDEST_REQUEST_DAYS)),
    requests: requests.map((row) => ({
      id: row.id,
      subject: row.subject,
      kind: row.kind,
      received: formatShopDate(row.received_on),
      createdBy: row.created_by,
      daysLeft: daysLeft(row, today),
      done: row.done_at
        ? {
            outcome: row.outcome ?? "nothing",
            on: formatShopDate(shopToday(Date.parse(row.done_at))),
            by: row.done_by ?? "",
          }
        : null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const raw = (form.get("query") ?? "").slice(0, FIELD_LIMITS.phone);
  const kindText = form.get("kind");
  const kind: PrivacyRequestKind = kindText === "erasure" ? "erasure" : "access";
  const receivedText = form.get("received") ?? "";
  const query = parsePersonQuery(raw);
  const received = parseIsoDate(receivedText);
  const today = shop.today();
  const answer = { query: raw, kind, received: receivedText };
  if (!query) return data({ ...answer, problem: "query" as const }, 400);
  if (
    !received ||
    compareDates(received, today) > 0 ||
    compareDates(received, addDays(today, -OLDEST_REQUEST_DAYS)) < 0
  )
    return data({ ...answer, problem: "date" as const }, 400);
  const id = await openRequest(shop.db, {
    query,
    kind,
    receivedOn: received,
    actor: staff.name,
    now: shop.clock(),
    phoneHashKey: shop.config.phoneHashKey,
  });
  return redirect(`/desk/privacy/${id}`, 303);
}

export default function DeskPrivacy() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  return (
    <section className="desk-page">
      <h1>{t("privacy.title")}</h1>
      <p>{t("privacy.intro")}</p>
      <p>
        <Link to="/desk/privacy/access">{t("privacy.access.link")}</Link>
      </p>
      <Form method="post" className="desk-form" aria-labelledby="privacy-open">
        <h2 id="privacy-open">{t("privacy.open")}</h2>
        {answer ? (
          <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
            {t(`privacy.problem.${answer.problem}`)}
          </p>
        ) : null}
        <p className="desk-field">
          <label htmlFor="privacy-query">{t("privacy.query")}</label>
          <input
            id="privacy-query"
            name="query"
            dir="ltr"
            required
            maxLength={FIELD_LIMITS.phone}
            autoComplete="off"
            defaultValue={answer?.query ?? ""}
            aria-invalid={answer?.problem === "query" || undefined}
          />
        </p>
        <Choices legend={t("privacy.kind")}>
          {(["access", "erasure"] as const).map((kind) => (
            <Choice
              key={kind}
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={(answer?.kind ?? "access") === kind}
              label={t(`privacy.kinds.${kind}`)}
            />
          ))}
        </Choices>
        <p className="desk-field">
          <label htmlFor="privacy-received">{t("privacy.receivedOn")}</label>
          <input
            id="privacy-received"
            name="received"
            type="date"
            required
            min={page.oldest}
            max={page.today}
            defaultValue={answer?.received || page.today}
            aria-invalid={answer?.problem === "date" || undefined}
          />
        </p>
        <button type="submit" className="desk-button desk-button--primary">
          {t("privacy.openButton")}
        </button>
      </Form>

      <h2>{t("privacy.requests")}</h2>
      <CardList
        items={page.requests}
        empty={t("privacy.none")}
        keyOf={(row) => row.id}
        idOf={(row) => anchorOf("request", row.id)}
      >
        {(row) => (
          <>
            <h3>
              <Link to={`/desk/privacy/${row.id}`}>
                <bdi dir="ltr">{row.subject}</bdi>: {t(`privacy.kinds.${row.kind}`)}
              </Link>
            </h3>
            <p>
              {t("privacy.received", { date: row.received })} ·{" "}
              {t("privacy.loggedBy", { name: row.createdBy })}
            </p>
            {row.done ? (
              <p>
                {t("privacy.done", {
                  outcome: t(`privacy.outcomes.${row.done.outcome}`),
                  date: row.done.on,
                  name: row.done.by,
                })}
              </p>
            ) : (
              <p className={row.daysLeft !== null && row.daysLeft < 2 ? "desk-error" : undefined}>
                <strong>
                  {row.daysLeft === null || row.daysLeft > 0
                    ? t("privacy.daysLeft", { count: row.daysLeft ?? 0 })
                    : row.daysLeft === 0
                      ? t("privacy.dueToday")
                      : t("privacy.late", { count: -row.daysLeft })}
                </strong>
              </p>
            )}
          </>
        )}
      </CardList>
    </section>
  );
}
