import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SIGN_IN_LINK_TTL_MS } from "~/desk/auth.server";
import { STAFF_NAME_MAX } from "~/desk/limits";
import { changePerson, invitePerson, isStaffRole, listPeople } from "~/desk/people.server";
import { anchorOf } from "~/desk/place";
import { sendInviteToDeskChats } from "~/desk/sign-in.server";
import { getLocale } from "~/i18n/i18next.server";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** Everyone who can use the desk, with their role and whether they may sign in (D31). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const when = (iso: string | null) => (iso ? formatShopDateTime(Date.parse(iso), language) : null);
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

/**
 * An invitation, a role or a lock: checked on the server, refused with a message, recorded
 * when done. An invitation answers with its one-time address on this page alone: it is
 * in no loader, so a reload or another tab never shows it again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  if (form.get("intent") === "invite") {
    const name = String(form.get("name") ?? "");
    const role = form.get("role");
    if (!isStaffRole(role)) return data({ error: "badRequest" as const }, 400);
    const outcome = await invitePerson(shop.db, {
      name,
      role,
      actor: { staffId: staff.id, name: staff.name },
      now: shop.clock(),
    });
    if (outcome.kind === "badName") return data({ inviteError: "badName" as const, name }, 400);
    if (outcome.kind === "locked")
      return data({ inviteError: "locked" as const, name: outcome.name }, 409);
    const sent = await sendInviteToDeskChats(shop, request, {
      name: outcome.person.name,
      role: outcome.person.role,
      by: staff.name,
      token: outcome.token,
    });
    return {
      invited: {
        name: outcome.person.name,
        role: outcome.person.role,
        isNew: outcome.isNew,
        link: `${shop.origin(request)}/desk/sign-in/${outcome.token}`,
        minutes: SIGN_IN_LINK_TTL_MS / 60_000,
        sent,
      },
    };
  }
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
  // Back to the person's card, not the page's top (desk/place.ts).
  if (outcome === "changed" || outcome === "same")
    return redirect(`/desk/people#${anchorOf("person", id)}`, 303);
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
          <li key={person.id} id={anchorOf("person", person.id)} className="desk-card">
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
            {result && "id" in result && result.id === person.id && "error" in result ? (
              <p className="desk-error" role="alert">
                {t(`people.errors.${result.error}`)}
              </p>
            ) : null}
            <Form
              method="post"
              action={`/desk/people#${anchorOf("person", person.id)}`}
              className="desk-inline-form"
            >
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
              <Form
                method="post"
                action={`/desk/people#${anchorOf("person", person.id)}`}
                className="desk-inline-form"
              >
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
      <InviteForm result={result} />
    </section>
  );
}

type ActionResult = ReturnType<typeof useActionData<typeof action>>;

/**
 * Invite someone: a name and a role; the answer (the address to hand over, or why not)
 * takes the focus, so it is read out and on screen after the post, with or without
 * JavaScript (without, the browser lands on the form's fragment).
 */
function InviteForm({ result }: { result: ActionResult }) {
  const { t } = useTranslation("desk");
  const answer = useRef<HTMLDivElement>(null);
  const invited = result && "invited" in result ? result.invited : null;
  const error = result && "inviteError" in result ? result : null;
  useEffect(() => {
    if (invited || error) answer.current?.focus();
  }, [invited, error]);
  return (
    <section id="invite" className="desk-card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t("people.invite.title")}</h2>
      <p>{t("people.invite.intro")}</p>
      <div ref={answer} tabIndex={-1}>
        {invited ? (
          <div className="desk-notice">
            <p>
              {invited.isNew
                ? t("people.invite.done", { name: invited.name, minutes: invited.minutes })
                : t("people.invite.doneExisting", {
                    name: invited.name,
                    role: t(`people.roles.${invited.role}`),
                    minutes: invited.minutes,
                  })}
            </p>
            <div className="desk-field">
              <label htmlFor="invite-link">{t("people.invite.link")}</label>
              {/* All of it on screen, wrapped, to read out or check before handing over. */}
              <textarea
                id="invite-link"
                className="desk-link"
                dir="ltr"
                rows={3}
                readOnly
                value={invited.link}
              />
            </div>
            {invited.sent ? <p>{t(`people.invite.chats.${invited.sent}`)}</p> : null}
          </div>
        ) : null}
        {error ? (
          <p className="desk-error" role="alert">
            {t(`people.invite.errors.${error.inviteError}`, { name: error.name })}
          </p>
        ) : null}
      </div>
      <Form method="post" action="/desk/people#invite" className="desk-form">
        <input type="hidden" name="intent" value="invite" />
        <div className="desk-field">
          <label htmlFor="invite-name">{t("people.invite.name")}</label>
          <input
            id="invite-name"
            name="name"
            required
            maxLength={STAFF_NAME_MAX}
            autoComplete="off"
            defaultValue={error?.name ?? ""}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="desk-field">
          <label htmlFor="invite-role">{t("people.role")}</label>
          <select id="invite-role" name="role" defaultValue="staff">
            <option value="staff">{t("people.roles.staff")}</option>
            <option value="owner">{t("people.roles.owner")}</option>
          </select>
        </div>
        <button type="submit" className="desk-button desk-button--primary">
          {t("people.invite.submit")}
        </button>
      </Form>
    </section>
  );
}
