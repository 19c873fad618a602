import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { HASH_SCROLL_WAIT_MS } from "~/constants";
import { scrollBehavior } from "./use-reduced-motion";

/**
 * After a route change to an address with a hash (say /#reviews from another page),
 * scroll smoothly to that element, waiting up to 5 s for it to appear. Without a hash,
 * Remix's ScrollRestoration already puts the new page at the top.
 */
export function useHashScroll(): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation.
  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const deadline = performance.now() + HASH_SCROLL_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key]);
}
