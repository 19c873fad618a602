import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useLoaderData, useRevalidator } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSKEY_NAME_MAX } from "~/desk/limits";
import {
  type AddPasskeyOutcome,
  addPasskeyOnThisDevice,
  browserCanUsePasskeys,
} from "~/desk/passkey-client";
import { listPasskeys, removePasskey } from "~/desk/passkeys.server";
import { getLocale } from "~/i18n/i18next.server";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useHydrated } from "~/ui/use-hydrated";

/** The signed-in staff member's own passkeys: a list with Remove, and Add on this device. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await shop.desk.requireStaff(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const when = (iso: string) => formatShopDateTime(Date.parse(iso), language);
  const passkeys = await listPasskeys(shop.db, staff.id);
  return {
    meta: { title: pageTitle(t, t("passkeys.title"), { brand: false }), noindex: true },
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      created: when(passkey.created_at),
      lastUsed: passkey.last_used_at ? when(passkey.last_used_at) : null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/** Remove: a plain form, so it works without JavaScript; only one's own passkey goes. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { staff } = await shop.desk.requireStaff(request);
  await removePasskey(shop.db, staff.id, form.get("id") ?? "");
  return redirect("/desk/passkeys", 303);
}

export default function DeskPasskeys() {
  const { passkeys } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("passkeys.title")}</h1>
      <p>{t("passkeys.intro")}</p>
      {passkeys.length === 0 ? (
        <p className="desk-muted">{t("passkeys.empty")}</p>
      ) : (
        <ul className="desk-passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="desk-passkey">
              <div>
                <p className="desk-passkey__name">{passkey.name}</p>
                <p className="desk-muted">
                  {t("passkeys.created", { date: passkey.created })}
                  {" · "}
                  {passkey.lastUsed
                    ? t("passkeys.lastUsed", { date: passkey.lastUsed })
                    : t("passkeys.neverUsed")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={passkey.id} />
                <button
                  type="submit"
                  className="desk-button desk-button--danger"
                  aria-label={t("passkeys.removeNamed", { name: passkey.name })}
                >
                  {t("passkeys.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
    </section>
  );
}

/** WebAuthn is a JavaScript API: without it (or a browser without passkeys) say so instead. */
function AddPasskey() {
  const { t } = useTranslation("desk");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [state, setState] = useState<AddPasskeyOutcome | "idle" | "busy">("idle");

  if (!hydrated) return <p className="desk-notice">{t("passkeys.needsJs")}</p>;
  if (!browserCanUsePasskeys()) return <p className="desk-notice">{t("passkeys.unsupported")}</p>;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setState("busy");
    const outcome = await addPasskeyOnThisDevice(String(new FormData(form).get("name") ?? ""));
    setState(outcome);
    if (outcome === "added") {
      form.reset();
      revalidator.revalidate();
    }
  }

  return (
    <form className="desk-form" onSubmit={add}>
      <h2>{t("passkeys.addTitle")}</h2>
      <p className="desk-field">
        <label htmlFor="passkey-name">{t("passkeys.name")}</label>
        <input id="passkey-name" name="name" required maxLength={PASSKEY_NAME_MAX} />
      </p>
      <button
        type="submit"
        className="desk-button desk-button--primary"
        disabled={state === "busy"}
      >
        {t("passkeys.add")}
      </button>
      {state !== "idle" && state !== "busy" ? (
        <p role={state === "added" ? "status" : "alert"} className="desk-notice">
          {t(`passkeys.outcome.${state}`)}
        </p>
      ) : null}
    </form>
  );
}
