import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { clientKey } from "~/checkout/rate-limit.server";
import {
  type PasskeySignInOutcome,
  browserCanUsePasskeys,
  signInWithPasskeyOnThisDevice,
} from "~/desk/passkey-client";
import { getDeskSession } from "~/desk/session.server";
import { sendSignInLinkToDeskChats } from "~/desk/sign-in.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/platform/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useHydrated } from "~/ui/use-hydrated";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getDeskSession(request)) throw redirect("/desk");
  const t = shop.t(await getLocale(request), "desk");
  return { meta: { title: pageTitle(t, t("signIn.title"), { brand: false }), noindex: true } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request);
  const outcome = await sendSignInLinkToDeskChats(
    request,
    clientKey(request, context.clientAddress),
  );
  if (outcome !== "sent") console.info(`Desk sign-in link requested: ${outcome}.`);
  // The same answer whatever happened: a stranger learns nothing from it.
  return { requested: true };
}

export default function DeskSignIn() {
  const { t } = useTranslation("desk");
  const requested = useActionData<typeof action>()?.requested ?? false;
  const sending = useNavigation().state === "submitting";
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("signIn.title")}</h1>
      <p>{t("signIn.intro")}</p>
      {requested ? <output className="desk-notice">{t("signIn.requested")}</output> : null}
      <Form method="post">
        <button type="submit" className="desk-button desk-button--primary" disabled={sending}>
          {t("signIn.sendLink")}
        </button>
      </Form>
      <p className="desk-muted">{t("signIn.cliHint")}</p>
      <PasskeySignIn />
    </section>
  );
}

/** Signing in with a passkey needs JavaScript (WebAuthn); without it the links remain. */
function PasskeySignIn() {
  const { t } = useTranslation("desk");
  const hydrated = useHydrated();
  const [state, setState] = useState<PasskeySignInOutcome | "idle" | "busy">("idle");

  if (!hydrated) return <p className="desk-muted">{t("signIn.passkeyNeedsJs")}</p>;
  if (!browserCanUsePasskeys()) return null;

  async function signIn() {
    setState("busy");
    const outcome = await signInWithPasskeyOnThisDevice();
    // A full load, so the desk's frame reads the new session from the start.
    if (outcome === "signed-in") window.location.assign("/desk");
    else setState(outcome);
  }

  return (
    <div className="desk-passkey-sign-in">
      <h2>{t("signIn.passkeyTitle")}</h2>
      <button type="button" className="desk-button" onClick={signIn} disabled={state === "busy"}>
        {t("signIn.passkey")}
      </button>
      {state === "cancelled" || state === "refused" || state === "failed" ? (
        <p role="alert" className="desk-error">
          {t(`signIn.passkeyOutcome.${state}`)}
        </p>
      ) : null}
    </div>
  );
}
