import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { scrapeShopFigures } from "./desk/health.server";
import { getLocale } from "./i18n/i18next.server";
import { requestI18n } from "./i18n/instance.server";
import { everyRouteShareable } from "./platform/handle";
import {
  type PageServerOptions,
  SHAREABLE_HEADER,
  createPageServer,
} from "./platform/page-cache.server";
import {
  applySecurityHeaders,
  createNonce,
  guardFormOrigin as guardFormOriginWith,
  nonceSource,
} from "./platform/security.server";
import { collectDocument } from "./platform/strip-nul.server";
import { shop, startShop, stopShop } from "./shop.server";
import { NonceContext } from "./ui/nonce";

export const streamTimeout = 5000;

// For the shop's server (server/serve.mjs), which reaches them through the build's entry
// module: the form-origin check it runs before Remix, the start of the background work
// once it listens, and the orderly end of the process.
export { startShop as start };

/** The server's check of a submission's origin before Remix (D11), with the shop's settings. */
export function guardFormOrigin(request: Request) {
  return guardFormOriginWith(request, shop.config);
}

/** Pages that are the same for every visitor, served from memory (D29), for the server. */
export function createPages(build: string, render: PageServerOptions["render"]) {
  return createPageServer({
    build,
    clock: shop.clock,
    revision: () => shop.content().revision,
    maxBytes: shop.config.pageCacheBytes,
    render,
    security: shop.config,
  });
}

/** Ends the long poll, sends what the outbox is sending, then closes the database. */
export const shutdown = stopShop;

/** The bearer token of `/metrics` (D72), or null: the server then has none. */
export const metricsToken = shop.config.metricsToken;

/** What the database holds, for `/metrics`: read once a scrape, by the worker that answers. */
export function shopFigures() {
  return scrapeShopFigures(shop.db, shop.clock());
}

/**
 * A loader's, an action's or a render's failure, written once (D72): through the
 * request's log, with its id, as the error's type, message and stack, never the request's
 * data (a checkout's form). The error boundaries show it and log nothing on the server.
 */
export function handleError(
  error: unknown,
  { request, context }: LoaderFunctionArgs | ActionFunctionArgs,
) {
  if (request.signal.aborted) return;
  // Remix's answer to a request no route can serve (404: no route, 405: a POST to a page
  // with no action) is the visitor's mistake, not the shop's fault, and its message names
  // the address, which may be a private one (`/o/{token}`): it is not logged.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Any other response Remix made for an error carries the error itself.
  const cause =
    isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error;
  if (context.log) context.log.error({ err: cause }, "The request failed");
  else console.error(cause);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  if (loadContext?.timing) loadContext.timing.rendering = performance.now();
  // The production server starts the background work when it listens; in development
  // the first page does.
  if (process.env.NODE_ENV !== "production") startShop();
  const instance = requestI18n(await getLocale(request));

  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, request, [nonceSource(nonce)], shop.config);
  if (everyRouteShareable(renderedRoutes(remixContext))) {
    responseHeaders.set(SHAREABLE_HEADER, "1");
  }

  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const { destination, document } = collectDocument();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const init = { headers: responseHeaders, status };
          document.then((body) => {
            clearTimeout(timeout);
            resolve(new Response(body, init));
          }, reject);
          pipe(destination);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors after the shell are already in the stream; only log the real ones.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The routes that rendered this page, each with its `handle`. */
function renderedRoutes({ staticHandlerContext, routeModules }: EntryContext) {
  return staticHandlerContext.matches.map(({ route }) => ({
    id: route.id,
    handle: routeModules[route.id]?.handle,
  }));
}

/**
 * Data requests (navigations with scripts, fetchers) get the same headers, without a CSP.
 * Their bodies need no NUL stripping: turbo-stream encodes each whole message at once and
 * JSON-escapes U+0000, so React's padding bug cannot reach them.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applySecurityHeaders(response.headers, request, null, shop.config);
  return response;
}
