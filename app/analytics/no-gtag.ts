import { useEffect } from "react";
import type { AnalyticsIds } from "./events";

/**
 * Google's documented opt-out: with `window["ga-disable-ID"]` set, gtag.js sends nothing
 * more for that id, page views on history changes included. Set on a shopper's own page
 * when the tag started earlier in the same document (a measured page, then a link or the
 * Back button; `dataLayer` is made when it starts); it stays set until the next full page
 * load, so the pages after it in this document go unmeasured too: the cautious side.
 */
export function useNoGtag(ids: AnalyticsIds | null): void {
  const { gaMeasurementId = null, adsConversionSendTo = null } = ids ?? {};
  useEffect(() => {
    if (!("dataLayer" in window)) return;
    for (const id of [gaMeasurementId, adsConversionSendTo?.split("/")[0]]) {
      if (id) (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = true;
    }
  }, [gaMeasurementId, adsConversionSendTo]);
}
