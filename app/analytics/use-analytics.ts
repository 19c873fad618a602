import { useEffect } from "react";
import { type AnalyticsIds, type AnalyticsWindow, ensureGtag } from "./events";

const GTAG_SRC = "https://www.googletagmanager.com/gtag/js";

/**
 * Loads gtag.js (async) only when an id is configured; otherwise nothing leaves the
 * browser (D14). No inline script is needed, so the CSP allows only Google's host.
 */
export function useGtag(ids: AnalyticsIds): void {
  const { gaMeasurementId, adsConversionSendTo } = ids;
  useEffect(() => {
    const primary = gaMeasurementId ?? adsConversionSendTo?.split("/")[0];
    if (!primary) return;
    const target = window as unknown as AnalyticsWindow;
    const gtag = ensureGtag(target);
    if (document.querySelector(`script[src^="${GTAG_SRC}"]`)) return;
    gtag("js", new Date());
    if (gaMeasurementId) gtag("config", gaMeasurementId);
    if (adsConversionSendTo) gtag("config", adsConversionSendTo.split("/")[0]);
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTAG_SRC}?id=${encodeURIComponent(primary)}`;
    document.head.append(script);
  }, [gaMeasurementId, adsConversionSendTo]);
}
