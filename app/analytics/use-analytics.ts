import { useEffect } from "react";
import type { AnalyticsIds } from "./events";

/**
 * Loads gtag.js (async) only when an id is configured; otherwise nothing leaves the
 * browser (D14), and the code that starts it (./gtag) is not fetched either: a shop
 * without analytics does not carry it in every page's first load.
 */
export function useGtag({ gaMeasurementId, adsConversionSendTo }: AnalyticsIds): void {
  useEffect(() => {
    if (!gaMeasurementId && !adsConversionSendTo) return;
    import("./gtag").then(
      ({ startGtag }) => startGtag({ gaMeasurementId, adsConversionSendTo }),
      () => {
        // Not arrived (offline): no analytics on this page, as when none is configured.
      },
    );
  }, [gaMeasurementId, adsConversionSendTo]);
}
