import { createHash } from "node:crypto";
import { constants as zlib, brotliCompressSync, gzipSync } from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { countQueries } from "../../db/query-count";
import { chooseEncoding } from "../../server/encoding.mjs";
import { ORIGIN_COOKIE, rememberOrigin } from "../analytics/origin";
import { getLocale } from "../i18n/i18next.server";
import { type CalendarDate, shopToday } from "./calendar";
import type { Clock } from "./clock";
import type { RenderTiming } from "./load-context";
import type { RequestHead } from "./request-head";
import {
  type HeaderSettings,
  applySecurityHeaders,
  isDeskPath,
  routePath,
  scriptHashes,
  withoutNonce,
} from "./security.server";

/**
 * Pages that are the same for every visitor who asks with the same language and cart,
 * served from memory (D29, D75).
 *
 * A request may be answered from memory only when nothing in it is personal: a GET with
 * no cookie the shop reads except the language and the cart (both part of the key), no
 * credentials, and no query but advertising tags. Its page is stored only when every
 * route that rendered it declares `handle.shareable` (platform/handle.ts), it answered
 * 200, and it set no cookie. So a toast or a desk session can never reach the cache: each
 * is a cookie, and a request carrying one is rendered for that visitor alone.
 *
 * A cart is not a person: its cookie holds product keys and quantities only, and a page
 * is a pure function of it. A returning visitor with a cart gets the page rendered for
 * that exact cookie value, by whoever first carried it; the shop's four products make
 * few different carts, so most returning visitors are answered from memory like first
 * ones. Pages with a cart are kept in a memory of their own (a quarter of the size), so
 * any number of odd carts can never push out the pages of first visitors.
 *
 * The key is the build, the shop's date (the footer's year and anything dated), the
 * language, the path and the cart cookie as sent. Stored pages carry no nonce: it is
 * removed and each inline script is allowed by its hash instead, so no two visitors ever
 * share a nonce.
 */

/** The marker entry.server puts on a page that every matched route declared shareable. */
export const SHAREABLE_HEADER = "X-Shop-Shareable";

/** Parameters added by advertising and analytics links; no loader reads them. */
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gclsrc|gbraid|wbraid|gad_source|gad_campaignid|dclid|fbclid|msclkid|yclid|ttclid|twclid|_gl|mc_cid|mc_eid)$/i;

/**
 * Cookies the shop reads that change nothing on a page: the language (part of the key) and
 * where the visit came from (read only when an order is placed, D68).
 */
const SHARED_COOKIES = new Set(["lng", ORIGIN_COOKIE]);

/** The cart's cookie (cart/cart.server.ts): part of the key, not a reason to render anew. */
const CART_COOKIE = "cart_v1";
/** A longer cart cookie than the shop writes for any real cart is rendered for its visitor. */
const CART_KEY_MAX = 600;

/** Single fetch names the routes whose loaders a client-side navigation needs. */
const ROUTES_PARAMETER = "_routes";

/** Cookies the shop never reads: the analytics library's own, set in the browser. */
const FOREIGN_COOKIE = /^(_ga(_\w+)?|_gid|_gat(_\w+)?|_gcl_\w+)$/;

/**
 * A page rendered for one visitor is compressed at these levels. Measured on the product
 * and home pages (24–29 KB of HTML) on the 2-core machine: gzip 2 → 6 costs 0.2 → 0.35 ms
 * for 7 % fewer bytes, 9 gains nothing more; brotli 4 → 5 costs 0.38 → 0.5 ms for 6–7 %
 * fewer bytes, 6 gains nothing more. Rendering the page costs several milliseconds, so
 * the smaller bytes win: a phone on a slow network waits less.
 */
export const LIVE_GZIP_LEVEL = 6;
export const LIVE_BROTLI_QUALITY = 5;

type Encoding = "br" | "gzip" | "identity";
/** Every page in memory is kept in both codings. */
const STORED = ["br", "gzip"] as const;

export type CacheOutcome = "hit" | "miss" | "bypass";

interface StoredPage {
  /** An HTML document; otherwise a page's data. */
  html: boolean;
  headers: [string, string][];
  bodies: Record<Encoding, Uint8Array<ArrayBuffer>>;
  etag: string;
  /** The inline scripts' hashes for the page's policy; null for data, which runs no script. */
  scriptSources: string[] | null;
}

/** What a shared page is rendered from: its address, and the cart cookie as sent (if any). */
export interface ShareableRequest {
  url: URL;
  cart: string | null;
}

/** The address to render for a request that may be shared, or null when it may not. */
export function shareableUrl(request: RequestHead): URL | null {
  return shareableRequest(request)?.url ?? null;
}

/** The address and cart a request's page is rendered from, or null when it may not be shared. */
export function shareableRequest(request: RequestHead): ShareableRequest | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  const page = routePath(url.pathname);
  if (isDeskPath(page)) return null;
  // Only a page's own address is kept: the router also answers /Catalog, /catalog/ and
  // /%63atalog, and storing each spelling would let anyone fill the memory with copies
  // and make the shop compress each one at its slowest levels. A page's data (single
  // fetch: `/catalog.data`, the home page's `/_root.data`) follows its page.
  if (url.pathname !== (isDataPath(url.pathname) ? dataPathOf(page) : page)) return null;
  let cart: string | null = null;
  const cookies = request.headers.get("Cookie");
  if (cookies) {
    for (const pair of cookies.split(";")) {
      const equals = pair.indexOf("=");
      const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
      if (name === CART_COOKIE) {
        // Two cart cookies: which one the shop reads is the parser's business; render anew.
        if (cart !== null) return null;
        cart = equals === -1 ? "" : pair.slice(equals + 1).trim();
        if (cart.length > CART_KEY_MAX) return null;
        continue;
      }
      if (name && !SHARED_COOKIES.has(name) && !FOREIGN_COOKIE.test(name)) return null;
    }
  }
  for (const name of [...new Set(url.searchParams.keys())]) {
    // The routes whose loaders a navigation asks for: part of what is answered.
    if (name === ROUTES_PARAMETER && isDataPath(url.pathname)) continue;
    if (!TRACKING_PARAMETER.test(name)) return null;
    url.searchParams.delete(name);
  }
  if (url.searchParams.getAll(ROUTES_PARAMETER).length > 1) return null;
  url.hash = "";
  return { url, cart };
}

/** Single fetch's data requests: a page's address with `.data` (the home page's is `/_root.data`). */
export function isDataPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}

function dataPathOf(page: string): string {
  return page === "/" ? "/_root.data" : `${page}.data`;
}

/** The page whose data a request asks for (its own address for a page). */
function pageOf(url: URL): string {
  return isDataPath(url.pathname) ? routePath(url.pathname) : url.pathname;
}

export function pageKey(
  build: string,
  revision: number,
  day: CalendarDate,
  language: string,
  url: URL,
  cart: string | null = null,
): string {
  const page = `${build}\n${revision}\n${day.year}-${day.month}-${day.day}\n${language}\n${url.pathname}${url.search}`;
  return cart === null ? page : `${page}\ncart=${cart}`;
}

export function compress(body: Buffer, encoding: Encoding, stored: boolean): Buffer {
  if (encoding === "br") {
    const quality = stored ? zlib.BROTLI_MAX_QUALITY : LIVE_BROTLI_QUALITY;
    return brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: quality,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzipSync(body, { level: stored ? 9 : LIVE_GZIP_LEVEL });
  return body;
}

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE = new Set([
  "content-encoding",
  "content-length",
  "content-security-policy",
  "etag",
  "server-timing",
  "set-cookie",
  "strict-transport-security",
  "transfer-encoding",
  "vary",
  SHAREABLE_HEADER.toLowerCase(),
]);

function ms(duration: number): string {
  return duration.toFixed(2);
}

/** How many database queries the answer cost: none from memory (issue 27). */
function queryTiming(queries: number): string {
  return `db;desc="${queries} ${queries === 1 ? "query" : "queries"}"`;
}

interface Rendered {
  response: Response;
  /** The whole HTML document or page data, when the response is one; null for anything else. */
  body: Buffer | null;
  /** Server-Timing entries: loaders (with route matching) and rendering. */
  timings: string[];
}

export interface PageServerOptions {
  /** The build's version: a new build never answers with an old build's page. */
  build: string;
  /**
   * The revision of what owners edit (catalogue, settings): a page rendered before a
   * change is never served after it.
   */
  revision: () => number;
  clock: Clock;
  /** Bytes of pages kept, all encodings counted; 0 turns the cache off. */
  maxBytes: number;
  /** Renders a request through Remix; entry.server notes in `context.timing` when it began. */
  render: (request: Request, context: AppLoadContext) => Promise<Response>;
  /** What a page's security headers take from the settings (entry.server: `shop.config`). */
  security: HeaderSettings;
}

/** A page from memory, as the server writes it: no Fetch Response to make and read back. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: Headers;
  /** Null for a 304 or a HEAD. */
  body: Uint8Array<ArrayBuffer> | null;
}

export type PageServer = ((request: Request, context: AppLoadContext) => Promise<Response>) & {
  /**
   * The answer from memory to a request that may have one, or null: then the request goes
   * to the page server itself (which renders, keeps and answers it). The same answer, byte
   * for byte and header for header, that the page server gives from memory.
   */
  fromMemory(request: RequestHead): Promise<KeptAnswer | null>;
  readonly size: number;
  clear(): void;
};

function pageMemory(maxSize: number): LRUCache<string, StoredPage> {
  return new LRUCache<string, StoredPage>({
    maxSize,
    sizeCalculation: (page) =>
      page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length,
  });
}

export function createPageServer({
  build,
  revision,
  clock,
  maxBytes,
  render,
  security,
}: PageServerOptions) {
  // First visitors' pages, and apart from them (a quarter of the room) pages with a cart.
  const memories =
    maxBytes > 0
      ? {
          shared: pageMemory(maxBytes - Math.floor(maxBytes / 4)),
          carted: pageMemory(Math.floor(maxBytes / 4)),
        }
      : null;
  // One render per key at a time: a burst of first visitors waits for the first page.
  const rendering = new Map<string, Promise<Rendered>>();
  // Pages every route of which said shareable when rendered: their data is shareable too
  // (single fetch asks for some of the same routes' loaders, with no entry.server to mark
  // the answer). Until its page has been rendered once, a page's data is rendered anew.
  const shareablePages = new Set<string>();
  // The shop's day starts on a whole minute (time zones are whole hours or half hours
  // from UTC), so it is worked out once a minute rather than on every request.
  let day = { minute: Number.NaN, date: shopToday(clock()) };
  function today(): CalendarDate {
    const now = clock();
    const minute = Math.floor(now / 60_000);
    if (minute !== day.minute) day = { minute, date: shopToday(now) };
    return day.date;
  }

  async function renderWhole(request: Request, context: AppLoadContext): Promise<Rendered> {
    const timing: RenderTiming = { received: performance.now() };
    const { result, queries } = await countQueries(async () => {
      const response = await render(request, { ...context, timing });
      if (!isPageOrData(response) || !response.body || response.headers.has("Content-Encoding"))
        return { response, body: null };
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    });
    const { response, body } = result;
    if (body === null) return { response, body, timings: [] };
    const { received, rendering: began } = timing;
    const timings =
      began === undefined
        ? [queryTiming(queries)]
        : [
            `loader;dur=${ms(began - received)}`,
            `render;dur=${ms(performance.now() - began)}`,
            queryTiming(queries),
          ];
    return { response, body, timings };
  }

  /** Every page, from memory or not, remembers where a visit came from (D68). */
  const serve = async (request: Request, context: AppLoadContext): Promise<Response> => {
    const response = await serveShared(request, context);
    const origin = rememberOrigin(request);
    if (origin && (response.status === 304 || isHtml(response)))
      response.headers.append("Set-Cookie", origin);
    return response;
  };

  /** The stored page a request may be answered with, or null. */
  async function lookUp(request: RequestHead) {
    const shared = memories ? shareableRequest(request) : null;
    if (!shared || !memories) return null;
    const { url, cart } = shared;
    const pages = cart === null ? memories.shared : memories.carted;
    const key = pageKey(build, revision(), today(), await getLocale(request), url, cart);
    return { shared, pages, key, page: pages.get(key) };
  }

  async function fromMemory(request: RequestHead): Promise<KeptAnswer | null> {
    const page = (await lookUp(request))?.page;
    if (!page) return null;
    const kept = keptAnswer(page, request, "hit", [], security);
    const origin = rememberOrigin(request);
    if (origin && (kept.status === 304 || page.html)) kept.headers.append("Set-Cookie", origin);
    return kept;
  }

  const serveShared = async (request: Request, context: AppLoadContext): Promise<Response> => {
    const found = await lookUp(request);
    if (!found) return finish(await renderWhole(request, context), request, "bypass");
    const { shared, pages, key, page: cached } = found;
    const { url } = shared;
    if (cached) return answer(cached, request, "hit", [], security);
    const inFlight = rendering.get(key);
    if (inFlight) {
      // Waited for the same page: served from memory if it could be stored.
      const page = pages.get(key) ?? (await inFlight.then(() => pages.get(key)));
      if (page) return answer(page, request, "hit", [], security);
      return finish(await renderWhole(request, context), request, "bypass");
    }
    const data = isDataPath(url.pathname);
    if (data && !shareablePages.has(pageOf(url)))
      return finish(await renderWhole(request, context), request, "bypass");
    const rendered = renderWhole(new Request(url, { headers: request.headers }), context);
    rendering.set(key, rendered);
    try {
      const result = await rendered;
      const page = storable(result, data) ? seal(result, url, data) : null;
      if (!page) return finish(result, request, "bypass");
      if (!data && shareablePages.size < MAX_KNOWN_PAGES) shareablePages.add(url.pathname);
      pages.set(key, page);
      return answer(page, request, "miss", result.timings, security);
    } finally {
      rendering.delete(key);
    }
  };
  return Object.assign(serve, {
    fromMemory,
    get size() {
      return (memories?.shared.size ?? 0) + (memories?.carted.size ?? 0);
    },
    clear() {
      memories?.shared.clear();
      memories?.carted.clear();
    },
  }) as PageServer;
}

/** Addresses of shareable pages remembered for their data; a bound against odd addresses. */
const MAX_KNOWN_PAGES = 10_000;

function isHtml(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

/** An HTML document or a page's single-fetch data (turbo-stream). */
function isPageOrData(response: Response): boolean {
  return (
    isHtml(response) || (response.headers.get("Content-Type")?.startsWith("text/x-script") ?? false)
  );
}

/**
 * A page is kept when entry.server marked it shareable; a page's data when its page was
 * (the caller knows), and it is data indeed: a redirect or an error travels in the body of
 * a 200 too, but single fetch marks those with a header of their own.
 */
function storable({ response, body }: Rendered, data: boolean): boolean {
  if (body === null || response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  if (!data) return isHtml(response) && response.headers.get(SHAREABLE_HEADER) === "1";
  return (
    !isHtml(response) &&
    !response.headers.has("X-Remix-Redirect") &&
    !response.headers.has("X-Remix-Error")
  );
}

/** The page without this render's nonce, its scripts allowed by hash; null if it cannot be. */
function seal({ response, body }: Rendered, url: URL, data: boolean): StoredPage | null {
  if (data) return stored(response, Buffer.from(body ?? ""), null, false);
  const csp = response.headers.get("Content-Security-Policy");
  const nonce = csp?.match(/'nonce-([^']+)'/)?.[1];
  const html = String(body);
  const text = nonce ? withoutNonce(html, nonce) : html;
  // A nonce anywhere else in the page would be shared with every visitor: do not keep it.
  if (nonce && text.includes(nonce)) {
    console.error(`The page ${url.pathname} carries its nonce outside script tags; not cached.`);
    return null;
  }
  return stored(response, Buffer.from(text), scriptHashes(text), true);
}

function stored(
  response: Response,
  identity: Buffer,
  scriptSources: string[] | null,
  html: boolean,
): StoredPage {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    html,
    headers,
    bodies: {
      identity: new Uint8Array(identity),
      gzip: new Uint8Array(compress(identity, "gzip", true)),
      br: new Uint8Array(compress(identity, "br", true)),
    },
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    scriptSources,
  };
}

/** A stored page for this request: its encoding, its own security headers, or 304. */
function keptAnswer(
  page: StoredPage,
  request: RequestHead,
  outcome: CacheOutcome,
  timings: string[],
  security: HeaderSettings,
): KeptAnswer {
  const headers = new Headers(page.headers);
  applySecurityHeaders(headers, request, page.scriptSources, security);
  headers.set("ETag", page.etag);
  headers.set("Vary", "Accept-Encoding");
  const answered = outcome === "hit" ? [...timings, queryTiming(0)] : timings;
  headers.set("Server-Timing", [...answered, `cache;desc="${outcome}"`].join(", "));
  if (request.headers.get("If-None-Match") === page.etag) {
    return { status: 304, headers, body: null };
  }
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"), STORED);
  const body = page.bodies[encoding];
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

function answer(
  page: StoredPage,
  request: Request,
  outcome: CacheOutcome,
  timings: string[],
  security: HeaderSettings,
): Response {
  const { status, headers, body } = keptAnswer(page, request, outcome, timings, security);
  return new Response(body, { status, headers });
}

/**
 * A response rendered for this request alone. An HTML document is compressed here, so
 * that its cost shows in Server-Timing next to the loaders' and the render's; anything
 * else goes on as Remix made it (the server's compression middleware takes it).
 */
function finish({ response, body, timings }: Rendered, request: Request, outcome: CacheOutcome) {
  response.headers.delete(SHAREABLE_HEADER);
  if (body === null) return response;
  const started = performance.now();
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"), STORED);
  const encoded = compress(body, encoding, false);
  const headers = new Headers(response.headers);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(encoded.length));
  headers.append("Vary", "Accept-Encoding");
  headers.set(
    "Server-Timing",
    [...timings, `compress;dur=${ms(performance.now() - started)}`, `cache;desc="${outcome}"`].join(
      ", ",
    ),
  );
  return new Response(request.method === "HEAD" ? null : new Uint8Array(encoded), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
