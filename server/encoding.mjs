// The one rule for which content coding answers a request, for the two places that send
// stored bytes: the static files (server/static.mjs) and the pages kept in memory
// (app/platform/page-cache.server.ts). Negotiator is what express and compression() use to read
// Accept-Encoding (weights, q=0, `*`); the shop adds only its preference on a tie.

import Negotiator from "negotiator";

/** Smaller bytes first: on a tie of the client's weights, brotli, then gzip, then none. */
export const PREFERENCE = /** @type {const} */ (["br", "gzip", "identity"]);

/**
 * @param {string | null | undefined} header the request's Accept-Encoding
 * @param {ReadonlyArray<"br" | "gzip">} stored the codings there are bytes for
 * @returns {"br" | "gzip" | "identity"}
 */
export function chooseEncoding(header, stored) {
  const available = PREFERENCE.filter((coding) => coding === "identity" || stored.includes(coding));
  const chosen = new Negotiator({ headers: { "accept-encoding": header ?? undefined } }).encoding(
    available,
    { preferred: available },
  );
  return /** @type {"br" | "gzip" | "identity"} */ (chosen ?? "identity");
}
