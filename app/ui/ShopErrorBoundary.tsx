import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "./ErrorPage";
import { ShopFrame } from "./ShopFrame";

/** The storefront's error page (the shop's 404 among them), for both of its layouts. */
export function ShopErrorBoundary() {
  const error = useRouteError();
  // Responses (404, 413…) are answers, not faults; only real errors are logged, in the
  // browser: the server logged it already (entry.server's handleError).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <ShopFrame>
      <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
    </ShopFrame>
  );
}
