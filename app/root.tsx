import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  type ClientLoaderFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import i18nextBrowser from "i18next";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { cartKnowsOf, cartProductsOf } from "./cart/products";
import { catalogMenu } from "./catalog/view";
import { getLocale } from "./i18n/i18next.server";
import { type LanguageCode, defaultLanguage, getLanguage } from "./i18n/languages";
import { resourcesVersion } from "./i18n/resources.server";
import { useLanguage } from "./i18n/use-language";
import { formatLongDate, parseIsoDate } from "./platform/calendar";
import { routeNamespaces } from "./platform/handle";
import type { Ordering } from "./settings/model";
import { shop } from "./shop.server";
import stylesUrl from "./styles/app.css?url";
import { ErrorPage } from "./ui/ErrorPage";
import { ShopFrame } from "./ui/ShopFrame";
import { ToastProvider } from "./ui/Toasts";
import { pageTitle } from "./ui/meta";
import { useNonce } from "./ui/nonce";
import { type RootData, useRootData } from "./ui/root-data";
import { takeToast } from "./ui/toast.server";
import { useHashScroll } from "./ui/use-hash-scroll";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesUrl },
];

/** Taking orders or not, the date they resume written as the page's language writes dates. */
function orderingFor(orders: Ordering, locale: LanguageCode): RootData["ordering"] {
  const date = orders.resumeOn ? parseIsoDate(orders.resumeOn) : null;
  return {
    taking: orders.taking,
    resumeOn: date ? formatLongDate(date, getLanguage(locale).htmlLang) : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const t = shop.t(locale, "common");
  const switchCookie = await shop.language.switchCookie(request);
  const { catalog, settings } = shop.content();
  const cart = await shop.cart.read(request, cartKnowsOf(catalog));
  const { toast, setCookie: toastCookie } = await takeToast(shop.flash, request);
  const headers = new Headers();
  if (switchCookie) headers.append("Set-Cookie", switchCookie);
  if (toastCookie) headers.append("Set-Cookie", toastCookie);
  return data(
    {
      locale,
      origin: shop.origin(request),
      i18nVersion: resourcesVersion,
      year: shop.today().year,
      errorTitles: {
        notFound: pageTitle(t, t("notFound.title"), { brand: false }),
        error: pageTitle(t, t("error.title"), { brand: false }),
      },
      analytics: shop.config.analytics,
      cart,
      cartProducts: cartProductsOf(catalog, cart, locale),
      menu: catalogMenu(catalog, locale),
      contacts: settings.contacts,
      ordering: orderingFor(settings.orders, locale),
      toast,
    } satisfies RootData,
    { headers },
  );
}

/**
 * On navigation in the browser, switch i18next to the page's language (loading its
 * dictionaries) before the page renders, so a switch never flashes the old language.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  if (i18nextBrowser.language !== data.locale) await i18nextBrowser.changeLanguage(data.locale);
  return data;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error || !data) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? data.errorTitles.notFound : data.errorTitles.error }];
};

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const language = getLanguage(rootData?.locale ?? defaultLanguage);
  const nonce = useNonce();
  // The browser loads the dictionaries the rendered routes asked for (the desk's), and
  // no others, before it hydrates: entry.client reads them from here.
  const namespaces = routeNamespaces(useMatches()).join(",") || undefined;
  return (
    <html
      lang={language.htmlLang}
      dir={language.dir}
      data-lng={language.code}
      data-i18n-version={rootData?.i18nVersion}
      data-i18n-ns={namespaces}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** What every page has, the storefront's and the desk's: toasts and a skip link. */
function Document({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ToastProvider flashed={useRootData()?.toast ?? null}>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      {children}
    </ToastProvider>
  );
}

export default function App() {
  useLanguage(useRootData()?.locale ?? defaultLanguage);
  useHashScroll();
  useEffect(() => {
    // Tells browser tests (and curious people) that scripts have taken over the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

/**
 * Errors that escape both layouts (the root loader itself failed) end here, in the
 * storefront's frame: the storefront's and the desk's own boundaries catch the rest.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // The server logged it already (entry.server's handleError), without the request's data.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <Document>
      <ShopFrame>
        <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
      </ShopFrame>
    </Document>
  );
}
