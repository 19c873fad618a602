import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { inspectSignInLink, redeemSignInLink } from "~/desk/auth.server";
import { STAFF_NAME_MAX } from "~/desk/limits";
import { deskReturnPath } from "~/desk/return-path.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * Opening a link signs nobody in (D23): a chat's link preview or a crawler may open it.
 * The page only shows a button; pressing it (a POST) uses the link up, and leads to the
 * desk page the link names (`?next=`, when it was asked for from one).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "desk");
  const state = await inspectSignInLink(shop.db, params.token ?? "", shop.clock());
  const meta = { title: pageTitle(t, t("signIn.title"), { brand: false }), noindex: true };
  if (!state.usable) return data({ meta, usable: false as const }, { status: 410 });
  const next = deskReturnPath(new URL(request.url).searchParams.get("next"));
  return { meta, usable: true as const, staffName: state.staff?.name ?? null, next };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const result = await redeemSignInLink(
    shop.db,
    {
      token: params.token ?? "",
      name: form.get("name"),
      userAgent: request.headers.get("User-Agent") ?? "",
    },
    shop.clock(),
  );
  if (!result.ok) {
    return data({ problem: result.reason }, { status: result.reason === "name" ? 400 : 410 });
  }
  return redirect(deskReturnPath(form.get("next")), {
    status: 303,
    headers: { "Set-Cookie": await shop.desk.commitDeskSession(result.sessionToken) },
  });
}

export default function DeskSignInLink() {
  const loaded = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>()?.problem ?? null;
  const { t } = useTranslation("desk");
  const usable = loaded.usable && (problem === null || problem === "name");
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("signIn.title")}</h1>
      {usable ? (
        <Form method="post" className="desk-form">
          {loaded.usable ? <input type="hidden" name="next" value={loaded.next} /> : null}
          {loaded.usable && loaded.staffName ? (
            <p>{t("signIn.as", { name: loaded.staffName })}</p>
          ) : (
            <p className="desk-field">
              <label htmlFor="staff-name">{t("signIn.name")}</label>
              <input
                id="staff-name"
                name="name"
                autoComplete="name"
                required
                maxLength={STAFF_NAME_MAX}
                aria-invalid={problem === "name" ? true : undefined}
                aria-describedby={problem === "name" ? "staff-name-error" : undefined}
              />
              {problem === "name" ? (
                <span id="staff-name-error" role="alert" className="desk-error">
                  {t("signIn.nameMissing")}
                </span>
              ) : null}
            </p>
          )}
          <button type="submit" className="desk-button desk-button--primary">
            {t("signIn.button")}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="desk-error">
            {t("signIn.linkInvalid")}
          </p>
          <p>
            <a href="/desk/sign-in" className="desk-button">
              {t("signIn.newLink")}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
