import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { changePerson, isStaffRole, listPeople } from "~/desk/people.server";
import { requireOwner } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage } from "~/i18n/languages";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/platform/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** Everyone who can use the desk, with their role and whether they may sign in (D31). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const when = (iso: string | null) => (iso ? formatShopDateTime(Date.parse(iso), locale) : null);
  const people = await listPeople(shop.db);
  return {
    meta: { title: pageTitle(t, t("people.title"), { brand: false }), noindex: true },
    me: staff.id,
    people: people.map((person) => ({
      ...person,
      createdAt: when(person.createdAt),
      lockedAt: when(person.lockedAt),
      lastSeenAt: when(person.lastSeenAt),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/** A role or a lock: checked on the server, refused with a message, recorded when done. */
export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await requireOwner(request, { page: false });
  const form = await readForm(request);
  const id = Number(form.get("id"));
  const role = form.get("role");
  const lock = form.get("lock");
  const change = isStaffRole(role)
    ? { role }
    : lock === "yes" || lock === "no"
      ? { locked: lock === "yes" }
      : null;
  if (!Number.isInteger(id) || !change) return data({ error: "badRequest" as const, id }, 400);
  const outcome = await changePerson(shop.db, {
    id,
    change,
    actor: { staffId: staff.id, name: staff.name },
    now: shop.clock(),
  });
  if (outcome === "changed" || outcome === "same") return redirect("/desk/people", 303);
  return data({ error: outcome, id }, outcome === "notFound" ? 404 : 409);
}

export default function DeskPeople() {
  const { people, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <h1>{t("people.title")}</h1>
      <p>{t("people.intro")}</p>
      <ul className="desk-cards">
        {people.map((person) => (
          <li key={person.id} className="desk-card">
            <h2>
              {person.name}
              {person.id === me ? ` · ${t("people.you")}` : ""}
            </h2>
            <p>
              {t(`people.roles.${person.role}`)}
              {" · "}
              {person.lockedAt
                ? t("people.lockedSince", { date: person.lockedAt })
                : person.lastSeenAt
                  ? t("people.lastSeen", { date: person.lastSeenAt })
                  : t("people.added", { date: person.createdAt })}
            </p>
            {result && "id" in result && result.id === person.id ? (
              <p className="desk-error" role="alert">
                {t(`people.errors.${result.error}`)}
              </p>
            ) : null}
            <Form method="post" className="desk-inline-form">
              <input type="hidden" name="id" value={person.id} />
              <label htmlFor={`role-${person.id}`}>{t("people.role")}</label>
              <select id={`role-${person.id}`} name="role" defaultValue={person.role}>
                <option value="owner">{t("people.roles.owner")}</option>
                <option value="staff">{t("people.roles.staff")}</option>
              </select>
              <button type="submit" className="desk-button">
                {t("people.saveRole")}
              </button>
            </Form>
            {person.id === me ? null : (
              <Form method="post" className="desk-inline-form">
                <input type="hidden" name="id" value={person.id} />
                <button
                  type="submit"
                  name="lock"
                  value={person.lockedAt ? "no" : "yes"}
                  className={person.lockedAt ? "desk-button" : "desk-button desk-button--danger"}
                >
                  {t(person.lockedAt ? "people.unlock" : "people.lock", { name: person.name })}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <p className="desk-hint">{t("people.inviteHint")}</p>
    </section>
  );
}
