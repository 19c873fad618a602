import { type AnalyticsIds, type AnalyticsWindow, ensureGtag } from "./events";

const GTAG_SRC = "https://www.googletagmanager.com/gtag/js";

/**
 * Starts Google's tag for the configured ids: the page's gtag() with its config calls,
 * and gtag.js itself (async), once per page. No inline script is needed, so the CSP allows
 * only Google's host (D14).
 */
export function startGtag({ gaMeasurementId, adsConversionSendTo }: AnalyticsIds): void {
  const primary = gaMeasurementId ?? adsConversionSendTo?.split("/")[0];
  if (!primary) return;
  const gtag = ensureGtag(window as unknown as AnalyticsWindow);
  if (document.querySelector(`script[src^="${GTAG_SRC}"]`)) return;
  gtag("js", new Date());
  if (gaMeasurementId) gtag("config", gaMeasurementId);
  if (adsConversionSendTo) gtag("config", adsConversionSendTo.split("/")[0]);
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_SRC}?id=${encodeURIComponent(primary)}`;
  document.head.append(script);
}
