import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import i18nextBrowser from "i18next";
import { useTranslation } from "react-i18next";
import { getDeskSession } from "~/desk/session.server";
import { DESK_NAMESPACE } from "~/i18n/config";
import deskStylesUrl from "~/styles/desk.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: deskStylesUrl }];

/** The desk's frame: who is signed in (if anyone). Each page checks the session itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getDeskSession(request);
  return { staffName: session?.staff.name ?? null };
}

/** Arriving from the storefront in the browser: fetch the desk's texts before it renders. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([
    serverLoader<typeof loader>(),
    i18nextBrowser.loadNamespaces(DESK_NAMESPACE),
  ]);
  return data;
}

export default function DeskLayout() {
  const { staffName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <div className="desk">
      <header className="desk-bar">
        <Link to="/desk" className="desk-bar__title">
          {t("title")}
        </Link>
        {staffName ? (
          <div className="desk-bar__who">
            <span>{t("signedInAs", { name: staffName })}</span>
            <Link to="/desk/passkeys">{t("passkeys.title")}</Link>
            <Form method="post" action="/desk/sign-out" className="desk-bar__sign-out">
              <button type="submit" name="scope" value="this" className="desk-button">
                {t("signOut.this")}
              </button>
              <button
                type="submit"
                name="scope"
                value="everywhere"
                className="desk-button desk-button--quiet"
              >
                {t("signOut.everywhere")}
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
