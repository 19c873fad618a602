import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { defaultLanguage } from "~/i18n/languages";
import { ErrorPage } from "./ErrorPage";
import { ShopFrame } from "./ShopFrame";
import { fallbackYear } from "./fallback-year";
import { useRootData } from "./root-data";

/** The storefront's error page (the shop's 404 among them), for both of its layouts. */
export function ShopErrorBoundary() {
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
