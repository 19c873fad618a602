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
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import i18nextBrowser from "i18next";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useGtag } from "./analytics/use-analytics";
import { shopToday } from "./calendar";
import { getCart } from "./cart/cart.server";
import { systemClock } from "./clock";
import { getConfig } from "./config.server";
import { publicOrigin } from "./http.server";
import { getLocale, languageSwitchCookie } from "./i18n/i18next.server";
import { fixedT } from "./i18n/instance.server";
import { type LanguageCode, defaultLanguage, getLanguage } from "./i18n/languages";
import { resourcesVersion } from "./i18n/resources.server";
import { useLanguage } from "./i18n/use-language";
import stylesUrl from "./styles/app.css?url";
import { takeToast } from "./toast.server";
import { Footer } from "./ui/Footer";
import { Header } from "./ui/Header";
import { NotFound } from "./ui/NotFound";
import { ToastProvider } from "./ui/Toasts";
import { useNonce } from "./ui/nonce";
import { useHashScroll } from "./ui/use-hash-scroll";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesUrl },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const t = fixedT(locale, "common");
  const switchCookie = await languageSwitchCookie(request);
  const { toast, setCookie: toastCookie } = await takeToast(request);
  const headers = new Headers();
  if (switchCookie) headers.append("Set-Cookie", switchCookie);
  if (toastCookie) headers.append("Set-Cookie", toastCookie);
  return data(
    {
      locale,
      origin: publicOrigin(request),
      i18nVersion: resourcesVersion,
      year: shopToday(systemClock()).year,
      // Titles for pages that end in an error boundary, whose own loader gave nothing.
      errorTitles: { notFound: t("notFound.title"), error: t("error.title") },
      /** Public ids only; gtag.js loads when one is set (D14). */
      analytics: getConfig().analytics,
      /** Keys and quantities only: the browser prices nothing it could forge. */
      cart: await getCart(request),
      toast,
    },
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

/**
 * The footer's year when the root loader gave nothing (it failed before answering). In
 * UTC: the shop's year in Tbilisi differs only in the last four hours of 31 December, and
 * the calendar module stays out of the script every page loads.
 */
function fallbackYear(): number {
  return new Date(systemClock()).getUTCFullYear();
}

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const language = getLanguage(rootData?.locale ?? defaultLanguage);
  const nonce = useNonce();
  return (
    <html
      lang={language.htmlLang}
      dir={language.dir}
      data-lng={language.code}
      data-i18n-version={rootData?.i18nVersion}
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

function Shell({
  language,
  year,
  children,
}: { language: LanguageCode; year: number; children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useRootData()?.toast ?? null;
  // The owner's desk has a frame of its own (routes/desk.tsx): no shop header or footer.
  if (useLocation().pathname.startsWith("/desk")) {
    return (
      <ToastProvider flashed={toast}>
        <a href="#main" className="skip-link">
          {t("skipToContent")}
        </a>
        {children}
      </ToastProvider>
    );
  }
  return (
    <ToastProvider flashed={toast}>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header language={language} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer year={year} />
    </ToastProvider>
  );
}

export default function App() {
  const rootData = useRootData();
  const language = rootData?.locale ?? defaultLanguage;
  useLanguage(language);
  useHashScroll();
  // Staff at work in the desk are not shoppers: no analytics there.
  const onDesk = useLocation().pathname.startsWith("/desk");
  useGtag((!onDesk && rootData?.analytics) || { gaMeasurementId: null, adsConversionSendTo: null });
  useEffect(() => {
    // Tells browser tests (and curious people) that scripts have taken over the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Shell language={language} year={rootData?.year ?? fallbackYear()}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRootData();
  const { t } = useTranslation();
  const language = rootData?.locale ?? defaultLanguage;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Responses (404, 413…) are answers, not faults; only real errors are logged.
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell language={language} year={rootData?.year ?? fallbackYear()}>
      {notFound ? (
        <NotFound />
      ) : (
        <section className="page page--narrow">
          <h1>{t("error.title")}</h1>
          <p>{t("error.hint")}</p>
          <p>
            <a href="/" className="button">
              {t("error.toHome")}
            </a>
          </p>
        </section>
      )}
    </Shell>
  );
}
