import { createHash, randomBytes } from "node:crypto";
import escapeHtml from "escape-html";
import { getLocale } from "../i18n/i18next.server";
import { fixedT } from "../i18n/instance.server";
import { getLanguage } from "../i18n/languages";
import stylesUrl from "../styles/app.css?url";
import type { RequestHead } from "./request-head";

const GTAG_HOST = "https://www.googletagmanager.com";
const ANALYTICS_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const ADS_HOSTS = [
  "https://*.doubleclick.net",
  "https://www.google.com",
  "https://googleads.g.doubleclick.net",
];

/** The shop's analytics (GA4, Ads): Google's hosts are allowed only when one is set. */
export interface AnalyticsIds {
  gaMeasurementId: string | null;
  adsConversionSendTo: string | null;
}

/**
 * What the headers take from the shop's settings (`shop.config`, passed by entry.server):
 * the analytics ids for the policy, and TRUST_PROXY for Strict-Transport-Security.
 */
export interface HeaderSettings {
  analytics: AnalyticsIds;
  trustProxy: boolean;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The script source that lets a page's inline scripts carrying `nonce` run. */
export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/** A page as rendered with `nonce`, without it: for a page that many visitors receive. */
export function withoutNonce(html: string, nonce: string): string {
  return html.split(` nonce="${nonce}"`).join("");
}

/** Inline scripts: React escapes `<` inside them, so none contains a closing tag. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The hash source of each inline script of a page, for a page without a nonce: the
 * browser runs an inline script only if the hash of its exact text is listed.
 */
export function scriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    sources.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...sources];
}

/**
 * The Content-Security-Policy of a page: scripts only from us, and inline ones only
 * with this request's nonce or, on a page served to many, by their hashes; Google's
 * hosts only when analytics is configured; nobody may frame the shop.
 */
export function contentSecurityPolicy(
  scriptSources: string[],
  { gaMeasurementId, adsConversionSendTo }: AnalyticsIds,
): string {
  const analytics = Boolean(gaMeasurementId || adsConversionSendTo);
  const google = analytics ? [...ANALYTICS_HOSTS, ...(adsConversionSendTo ? ADS_HOSTS : [])] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptSources, ...(analytics ? [GTAG_HOST] : [])],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...google],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...google],
    "frame-src": adsConversionSendTo ? ADS_HOSTS : ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * A stored page's policy, written once: its scripts' hashes are the same list for as long
 * as the page is kept (a per-request nonce is a new list each time, and is not kept).
 * Kept per analytics settings, which are one object for the life of the process.
 */
const policies = new WeakMap<AnalyticsIds, WeakMap<string[], string>>();
function policyFor(scriptSources: string[], analytics: AnalyticsIds): string {
  let written = policies.get(analytics);
  if (written === undefined) {
    written = new WeakMap();
    policies.set(analytics, written);
  }
  let policy = written.get(scriptSources);
  if (policy === undefined) {
    policy = contentSecurityPolicy(scriptSources, analytics);
    written.set(scriptSources, policy);
  }
  return policy;
}

/**
 * Headers every page and data response carries (D11). `scriptSources` allow the page's
 * inline scripts (a nonce or hashes); a response without them (data) gets no CSP.
 */
export function applySecurityHeaders(
  headers: Headers,
  request: RequestHead,
  scriptSources: string[] | null,
  settings: HeaderSettings,
): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cache-Control", pageCacheControl(request));
  const page = routePath(new URL(request.url).pathname);
  if (isDeskPath(page)) applyDeskHeaders(headers);
  if (isOrderPagePath(page)) applyOrderPageHeaders(headers, page);
  if (scriptSources && process.env.NODE_ENV === "production") {
    headers.set("Content-Security-Policy", policyFor(scriptSources, settings.analytics));
  }
  if (settings.trustProxy && request.headers.get("X-Forwarded-Proto") === "https") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/** Shopper pages that must not outlive the moment they were shown (see pageCacheControl). */
const NO_STORE_PAGES = new Set(["/checkout/thanks"]);

/**
 * The one rule for how long a browser keeps a page or its data (D55). Every page
 * shows this visitor's cart and language, so none is for a shared cache: all are
 * `private`. A page is `no-cache` (the browser may keep it, and asks again before reusing
 * it) so that the back button restores it from the back/forward cache at once, without
 * JavaScript and without a request. `no-store` keeps out of every cache what must not be
 * seen again later: the thank-you (it shows the order number), the answer to any
 * submission (a refused checkout shows the address and phone just typed) and the desk.
 * The checkout form itself is `no-cache`: its one-time token placed at most one order
 * (D9) and nothing on it is secret.
 */
export function pageCacheControl(request: RequestHead): string {
  const page = routePath(new URL(request.url).pathname);
  if (isDeskPath(page)) return "no-store";
  if (isOrderPagePath(page)) return "private, no-store";
  if (request.method !== "GET" && request.method !== "HEAD") return "private, no-store";
  return NO_STORE_PAGES.has(page) ? "private, no-store" : "private, no-cache";
}

/**
 * The page a path reaches, as the router matches it: percent-decoded, in any case, with
 * or without a trailing slash; single-fetch data (`/checkout/thanks.data`, `/_root.data`)
 * follows its page.
 */
export function routePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no page; compare it as it came.
  }
  path = path
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\.data$/, "")
    .replace(/^\/_root$/, "/");
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

export function isDeskPath(pathname: string): boolean {
  return pathname === "/desk" || pathname.startsWith("/desk/") || pathname.startsWith("/desk.");
}

/** An order's private page (`/o/{token}`, D33) and its data. */
export function isOrderPagePath(pathname: string): boolean {
  return pathname.startsWith("/o/");
}

/**
 * An order's private page (D33): never stored, never indexed, and its address (the
 * token) never sent on to another site by a link the shopper follows.
 */
export function applyOrderPageHeaders(headers: Headers, page: string): void {
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  // The cancellation's and the review's pages post a form: with no referrer at all the
  // browser would send `Origin: null` and the form-origin check would refuse it. They link
  // nowhere else, so keeping the address within the shop is enough there.
  headers.set(
    "Referrer-Policy",
    /^\/o\/[^/]+\/(cancel|stop|review\/.+)$/.test(page) ? "same-origin" : "no-referrer",
  );
}

/** The owner's desk (D23): never stored anywhere, never indexed. */
export function applyDeskHeaders(headers: Headers): void {
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
}

/** Methods that change something: a form post or a fetcher's submission. */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type FormOrigin = "same-site" | "public-url" | "cross-site";

/**
 * Where a submission comes from. Browsers send `Origin` with every POST; a form posted
 * from another site carries that site's. Remix's own guard compares the Origin's host
 * with the host the request was addressed to (the first X-Forwarded-Host, else Host)
 * and answers a bare 500; we compare the same way, and also accept PUBLIC_URL (a proxy
 * may rewrite Host), so that a refusal is a 403 the shopper can read.
 */
export function formOrigin(request: Request, publicUrl: string | null): FormOrigin {
  if (!UNSAFE_METHODS.has(request.method)) return "same-site";
  const origin = request.headers.get("Origin");
  if (origin === null) return "same-site";
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return "cross-site";
  }
  const addressedTo =
    request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host");
  if (originUrl.host === addressedTo) return "same-site";
  if (publicUrl !== null && originUrl.origin === publicUrl) return "public-url";
  return "cross-site";
}

/**
 * The server's check before Remix sees a submission: null to go on, "trusted" when the
 * Origin is our PUBLIC_URL (the server then drops the header Remix would misjudge), or
 * the 403 page in the visitor's language.
 */
export async function guardFormOrigin(
  request: Request,
  settings: HeaderSettings & { publicUrl: string | null },
): Promise<Response | "trusted" | null> {
  const verdict = formOrigin(request, settings.publicUrl);
  if (verdict === "same-site") return null;
  if (verdict === "public-url") return "trusted";
  const language = getLanguage(await getLocale(request));
  const t = fixedT(language.code, "common");
  const body = `<!DOCTYPE html>
<html lang="${language.htmlLang}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("crossSite.title"))}</title>
<link rel="stylesheet" href="${stylesUrl}">
</head>
<body>
<main class="page page--narrow">
<h1>${escapeHtml(t("crossSite.title"))}</h1>
<p>${escapeHtml(t("crossSite.hint"))}</p>
<p><a class="button" href="/">${escapeHtml(t("error.toHome"))}</a></p>
</main>
</body>
</html>
`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applySecurityHeaders(headers, request, [], settings);
  return new Response(body, { status: 403, headers });
}
