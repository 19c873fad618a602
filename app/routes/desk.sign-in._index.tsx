import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { clientKey } from "~/checkout/rate-limit.server";
import {
  type PasskeySignInOutcome,
  browserCanUsePasskeys,
  signInWithPasskeyOnThisDevice,
} from "~/desk/passkey-client";
import { deskReturnPath } from "~/desk/return-path.server";
import { canSendSignInLinks, sendSignInLinkToDeskChats } from "~/desk/sign-in.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useHydrated } from "~/ui/use-hydrated";

export async function loader({ request }: LoaderFunctionArgs) {
  const next = deskReturnPath(new URL(request.url).searchParams.get("next"));
  if (await shop.desk.getDeskSession(request)) throw redirect(next);
  const t = shop.t(await getLocale(request), "desk");
  return {
    meta: { title: pageTitle(t, t("signIn.title"), { brand: false }), noindex: true },
    next,
    linksByChat: canSendSignInLinks(shop),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const outcome = await sendSignInLinkToDeskChats(
    shop,
    request,
    clientKey(request, context.clientAddress, shop.config),
    deskReturnPath(form.get("next")),
  );
  if (outcome !== "sent") console.info(`Desk sign-in link requested: ${outcome}.`);
  // The same answer whatever happened: a stranger learns nothing from it.
  return { requested: true };
}

export default function DeskSignIn() {
  const { next, linksByChat } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const requested = useActionData<typeof action>()?.requested ?? false;
  const sending = useNavigation().state === "submitting";
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("signIn.title")}</h1>
      {linksByChat ? (
        <>
          <p>{t("signIn.intro")}</p>
          {requested ? <output className="desk-notice">{t("signIn.requested")}</output> : null}
          <Form method="post">
            <input type="hidden" name="next" value={next} />
            <button type="submit" className="desk-button desk-button--primary" disabled={sending}>
              {t("signIn.sendLink")}
            </button>
          </Form>
          <p className="desk-muted">{t("signIn.cliHint")}</p>
        </>
      ) : (
        <>
          <p className="desk-notice">{t("signIn.introNoChat")}</p>
          <p>{t("signIn.cliNoChat")}</p>
        </>
      )}
      <InviteCommand name={t("signIn.name")} />
      <PasskeySignIn next={next} />
    </section>
  );
}

/** `npm run desk:invite -- --name "…"`: the words of the command, never translated. */
const INVITE_COMMAND = ["npm", "run", "desk:invite", "--", "--name"];

/**
 * The server command that prints a sign-in link, as code: left to right in every
 * language, and broken across lines only between whole arguments (desk.css).
 */
function InviteCommand({ name }: { name: string }) {
  const words = [...INVITE_COMMAND, `"${name}"`];
  return (
    <p className="desk-command">
      <code dir="ltr">
        {words.map((word, index) => (
          <Fragment key={word}>
            {index > 0 ? " " : null}
            <span>{word}</span>
          </Fragment>
        ))}
      </code>
    </p>
  );
}

/** Signing in with a passkey needs JavaScript (WebAuthn); without it the links remain. */
function PasskeySignIn({ next }: { next: string }) {
  const { t } = useTranslation("desk");
  const hydrated = useHydrated();
  const [state, setState] = useState<PasskeySignInOutcome | "idle" | "busy">("idle");

  if (!hydrated) return <p className="desk-muted">{t("signIn.passkeyNeedsJs")}</p>;
  if (!browserCanUsePasskeys()) return null;

  async function signIn() {
    setState("busy");
    const outcome = await signInWithPasskeyOnThisDevice();
    // A full load, so the desk's frame reads the new session from the start; `next` is
    // the desk page the loader checked.
    if (outcome === "signed-in") window.location.assign(next);
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
