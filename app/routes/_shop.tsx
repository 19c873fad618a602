import { Outlet } from "@remix-run/react";
import { useGtag } from "~/analytics/use-analytics";
import { shareable } from "~/platform/handle";
import { ShopFrame } from "~/ui/ShopFrame";
import { useRootData } from "~/ui/root-data";

/**
 * The storefront's layout: every shopper's page has the header and the footer. A
 * shopper's own pages (an order's, the look-up) have the same frame under `_own`, which
 * is never measured.
 */
export const handle = shareable;

const NO_ANALYTICS = { gaMeasurementId: null, adsConversionSendTo: null };

export default function ShopLayout() {
  const rootData = useRootData();
  // Analytics belong to the storefront: staff at work in the desk are not shoppers.
  useGtag(rootData?.analytics ?? NO_ANALYTICS);
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/ui/ShopErrorBoundary";
