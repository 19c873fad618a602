import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  type ClientLoaderFunctionArgs,
  Form,
  Link,
  NavLink,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import i18nextBrowser from "i18next";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSectionMenu } from "~/desk/use-section-menu";
import { DESK_NAMESPACE } from "~/i18n/config";
import { defaultLanguage } from "~/i18n/languages";
import type { RouteHandle } from "~/platform/handle";
import { shop } from "~/shop.server";
import deskStylesUrl from "~/styles/desk.css?url";
import { LanguageSwitcher } from "~/ui/LanguageSwitcher";
import { Chevron, Icon } from "~/ui/icons";
import { useRootData } from "~/ui/root-data";

/** The desk's pages need its dictionary; none of them is ever shared between visitors. */
export const handle: RouteHandle = { i18n: [DESK_NAMESPACE] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: deskStylesUrl }];

/** The desk's frame: who is signed in (if anyone). Each page checks the session itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.getDeskSession(request);
  return { staffName: session?.staff.name ?? null, role: session?.staff.role ?? null };
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
  const { staffName, role } = useLoaderData<typeof loader>();
  return (
    <DeskFrame staffName={staffName} role={role}>
      <Outlet />
    </DeskFrame>
  );
}

/**
 * A missing order or page, or a failure, inside the desk: said in the desk's words, in
 * the desk's frame, with the signed-in person's bar when the frame's own loader ran.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("desk");
  const frame = useRouteLoaderData<typeof loader>("routes/desk");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Staff who open an owner's page (D31) are told so; the rest is "not found" or a failure.
  const page = status === 404 ? "notFound" : status === 403 ? "forbidden" : "error";
  // In the browser: the server logged it already (entry.server's handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <DeskFrame staffName={frame?.staffName ?? null} role={frame?.role ?? null}>
      <section className="desk-page desk-page--narrow">
        <h1>{t(`${page}.title`)}</h1>
        <p>{t(`${page}.hint`)}</p>
        <p>
          <Link to="/desk" className="desk-button">
            {t("order.back")}
          </Link>
        </p>
      </section>
    </DeskFrame>
  );
}

/** The desk's sections: staff work orders; owners also run the shop (D31). */
const sections = [
  { to: "/desk", key: "orders", owner: false },
  { to: "/desk/handoff", key: "handoff", owner: false },
  { to: "/desk/cash", key: "cash", owner: false },
  { to: "/desk/reports", key: "reports", owner: true },
  { to: "/desk/couriers", key: "couriers", owner: true },
  { to: "/desk/products", key: "products", owner: true },
  { to: "/desk/reviews", key: "reviews", owner: true },
  // Staff read the delivery areas and days (owners change them); before Settings, so the
  // menu names this section on its page.
  { to: "/desk/settings/delivery", key: "delivery", owner: false },
  // Staff read the promotions to answer a shopper's question; owners change them.
  { to: "/desk/promotions", key: "promotions", owner: false },
  { to: "/desk/settings", key: "settings", owner: true },
  { to: "/desk/people", key: "people", owner: true },
  { to: "/desk/blocked", key: "blocked", owner: true },
  { to: "/desk/activity", key: "activity", owner: true },
  { to: "/desk/privacy", key: "privacy", owner: true },
  { to: "/desk/health", key: "health", owner: true },
] as const;

type Section = (typeof sections)[number];

/** The section a page belongs to: the orders' list itself, or a section's page or below. */
function currentSection(sections: readonly Section[], pathname: string): Section | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return sections.find((section) =>
    section.to === "/desk"
      ? path === "/desk"
      : path === section.to || path.startsWith(`${section.to}/`),
  );
}

/**
 * The desk's sections, each one tap away. Wider than 720 px a strip of links that wraps
 * onto a second row rather than scrolling sideways; on a phone one line, a <details>
 * menu naming the current section, that opens to every section (so it works without
 * JavaScript; with it, Escape, a tap outside or a navigation close it). CSS shows one of
 * the two, so a reader meets the links once.
 */
function DeskNav({ sections: allowed }: { sections: readonly Section[] }) {
  const { t } = useTranslation("desk");
  const { pathname } = useLocation();
  const current = currentSection(allowed, pathname);
  const menu = useRef<HTMLDetailsElement>(null);
  useSectionMenu(menu);
  const links = allowed.map((section) => (
    <li key={section.key}>
      <NavLink to={section.to} end={section.to === "/desk" || section.to === "/desk/settings"}>
        {t(`deskNav.${section.key}`)}
      </NavLink>
    </li>
  ));
  return (
    <nav className="desk-nav" aria-label={t("deskNav.label")}>
      <details ref={menu} className="desk-nav__menu">
        <summary>
          <Icon name="menu" />
          <span>{t("deskNav.menu")}</span>
          {current ? (
            <span className="desk-nav__current">{t(`deskNav.${current.key}`)}</span>
          ) : null}
          <Chevron direction="down" />
        </summary>
        <ul>{links}</ul>
      </details>
      <ul className="desk-nav__strip">{links}</ul>
    </nav>
  );
}

function DeskFrame({
  staffName,
  role,
  children,
}: {
  staffName: string | null;
  role: "owner" | "staff" | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("desk");
  const language = useRootData()?.locale ?? defaultLanguage;
  const allowed = sections.filter((section) => !section.owner || role === "owner");
  // The person's menu folds again once a page opens from it (the layout stays mounted).
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current && pathname) menu.current.open = false;
  }, [pathname]);
  return (
    <div className="desk">
      <header className="desk-bar">
        <Link to="/desk" className="desk-bar__title">
          {t("title")}
        </Link>
        {/* The storefront's switcher: links with `?lng=`, so the same desk page comes back. */}
        <LanguageSwitcher current={language} />
        {staffName ? (
          // The person's own links fold into one line: on a phone the orders come first.
          <details ref={menu} className="desk-bar__who">
            <summary>{t("signedInAs", { name: staffName })}</summary>
            <div className="desk-bar__menu">
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
          </details>
        ) : null}
      </header>
      {staffName && allowed.length > 1 ? <DeskNav sections={allowed} /> : null}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
