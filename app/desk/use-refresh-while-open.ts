import { useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * The desk's queue of orders to confirm reads itself again this often while it is open and
 * seen (with scripts; without, a reload does), and at once when its tab comes back. Here,
 * not in app/constants.ts, which rides in every storefront page's first load.
 */
export const DESK_QUEUE_REFRESH_MS = 20_000;
/** Two reasons to refresh at once (the tab shown and focused) make one read. */
export const DESK_QUEUE_REFRESH_GAP_MS = 2_000;

/**
 * A page that shows what others change (the queue of orders to confirm) reads its loaders
 * again while it is open: every `everyMs` while its tab is seen, and at once when the tab
 * is shown or focused again; never while a form or another read is on its way. Without
 * scripts the page is a plain page, which a reload refreshes.
 */
export function useRefreshWhileOpen(everyMs: number, enabled: boolean): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, busy: false, last: 0 });
  latest.current.revalidator = revalidator;
  latest.current.busy = revalidator.state !== "idle" || navigation.state !== "idle";
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      const now = Date.now();
      const state = latest.current;
      if (state.busy || document.visibilityState !== "visible" || !navigator.onLine) return;
      if (now - state.last < DESK_QUEUE_REFRESH_GAP_MS) return;
      state.last = now;
      state.revalidator.revalidate();
    };
    const timer = setInterval(refresh, everyMs);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, [everyMs, enabled]);
}

/**
 * What a page was drawn with on this visit, kept through its own refreshes: the list's
 * "what the last action did" is read once from the flash, and a refresh finds it gone.
 * A new visit (a navigation, an action's redirect) brings its own.
 */
export function useKeptThisVisit<T>(value: T): T {
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, value });
  if (kept.key !== key) {
    setKept({ key, value });
    return value;
  }
  return kept.value;
}
