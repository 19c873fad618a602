import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { systemClock } from "./clock";
import { getConfig } from "./config.server";
import { db } from "./db.server";
import { getLocale } from "./i18n/i18next.server";
import { requestI18n } from "./i18n/instance.server";
import { startNotifier, stopNotifier } from "./notify/notifier.server";
import { type PageServerOptions, SHAREABLE_HEADER, createPageServer } from "./page-cache.server";
import { applySecurityHeaders, createNonce, nonceSource } from "./security.server";
import { collectDocument } from "./strip-nul.server";
import { startExpiryJob, startTelegramBot, stopTelegramBot } from "./telegram/bot.server";
import { NonceContext } from "./ui/nonce";

// Validate the environment at boot: a malformed variable stops the server with a
// message naming it, before the first request. Then start sending notifications left
// pending by the last run, receiving the chat's button presses, and expiring orders.
if (!getConfig().publicUrl && process.env.NODE_ENV === "production") {
  console.info(
    `PUBLIC_URL is not set: canonical links and the sitemap name http://localhost:${getConfig().port}.`,
  );
}
startNotifier();
startTelegramBot();
startExpiryJob();

export const streamTimeout = 5000;

// For the shop's server (server/index.mjs), which reaches them through the build's entry
// module: the form-origin check it runs before Remix, and the orderly end of the process.
export { guardFormOrigin } from "./security.server";

/** Pages that are the same for every visitor, served from memory (D29), for the server. */
export function createPages(build: string, render: PageServerOptions["render"]) {
  return createPageServer({
    build,
    clock: systemClock,
    maxBytes: getConfig().pageCacheBytes,
    render,
  });
}

/** Ends the long poll, sends what the outbox is sending, then closes the database. */
export async function shutdown(): Promise<void> {
  await stopTelegramBot();
  await stopNotifier();
  await db.destroy();
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  if (loadContext?.timing) loadContext.timing.rendering = performance.now();
  const instance = requestI18n(await getLocale(request));

  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, request, [nonceSource(nonce)]);
  if (everyRouteShareable(remixContext)) responseHeaders.set(SHAREABLE_HEADER, "1");

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

/** Whether every route that rendered this page declared it the same for every visitor. */
function everyRouteShareable({ staticHandlerContext, routeModules }: EntryContext): boolean {
  const { matches } = staticHandlerContext;
  return (
    matches.length > 1 &&
    matches.every(
      ({ route }) =>
        route.id === "root" ||
        (routeModules[route.id]?.handle as { shareable?: boolean } | undefined)?.shareable === true,
    )
  );
}

/**
 * Data requests (navigations with scripts, fetchers) get the same headers, without a CSP.
 * Their bodies need no NUL stripping: turbo-stream encodes each whole message at once and
 * JSON-escapes U+0000, so React's padding bug cannot reach them.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applySecurityHeaders(response.headers, request, null);
  return response;
}
