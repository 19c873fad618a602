import { Outlet, isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { useGtag } from "~/analytics/use-analytics";
import { defaultLanguage } from "~/i18n/languages";
import { anyRoutePrivate, shareable } from "~/platform/handle";
import { ErrorPage } from "~/ui/ErrorPage";
import { ShopFrame } from "~/ui/ShopFrame";
import { fallbackYear } from "~/ui/fallback-year";
import { useRootData } from "~/ui/root-data";

/** The storefront's layout: every shopper's page has the header and the footer. */
export const handle = shareable;

const NO_ANALYTICS = { gaMeasurementId: null, adsConversionSendTo: null };

export default function ShopLayout() {
  const rootData = useRootData();
  // Analytics belong to the storefront: staff at work in the desk are not shoppers, and a
  // shopper's own pages (an order's, the look-up) are nobody else's business.
  const measured = !anyRoutePrivate(useMatches());
  useGtag((measured ? rootData?.analytics : null) ?? NO_ANALYTICS);
  return (
    <ShopFrame
      language={rootData?.locale ?? defaultLanguage}
      year={rootData?.year ?? fallbackYear()}
    >
      <Outlet />
    </ShopFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRootData();
  // Responses (404, 413…) are answers, not faults; only real errors are logged, in the
  // browser: the server logged it already (entry.server's handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <ShopFrame
      language={rootData?.locale ?? defaultLanguage}
      year={rootData?.year ?? fallbackYear()}
    >
      <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
    </ShopFrame>
  );
}
