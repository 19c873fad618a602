import { Outlet } from "@remix-run/react";
import { useNoGtag } from "~/analytics/no-gtag";
import { shareable } from "~/platform/handle";
import { ShopFrame } from "~/ui/ShopFrame";
import { useRootData } from "~/ui/root-data";

/**
 * A shopper's own pages (D33, D35): an order's private page and what hangs off it, and
 * the look-up that leads there. The storefront's frame, but never measured: Google's tag
 * is not started here, and if the shopper came from a measured page of this same
 * document, the tag is told to send nothing more (D78), so an order's address
 * never reaches Google in a page view.
 */
// The frame is the same for everyone; whether a page may be kept in memory is each page's
// own say (the look-up's form may, an order's page never).
export const handle = shareable;

export default function OwnLayout() {
  const rootData = useRootData();
  useNoGtag(rootData?.analytics ?? null);
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/ui/ShopErrorBoundary";
