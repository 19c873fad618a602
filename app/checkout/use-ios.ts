import { useEffect, useState } from "react";
import { IOS_MAX_SCALE, IOS_ZOOM_RESTORE_MS } from "~/constants";

/** iPhone and iPad Safari, including iPads that present themselves as a Mac. */
export function isAppleTouchDevice(
  navigatorLike: Pick<Navigator, "userAgent" | "platform" | "maxTouchPoints">,
): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigatorLike.userAgent) ||
    (navigatorLike.platform === "MacIntel" && navigatorLike.maxTouchPoints > 1)
  );
}

/** False on the server and until hydration; then whether this is an iPhone or iPad. */
export function useIsAppleTouchDevice(): boolean {
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(isAppleTouchDevice(navigator)), []);
  return apple;
}

/**
 * Safari zooms into a focused field and stays zoomed. While a field inside `container`
 * has focus the zoom is locked; afterwards pinch-zoom is given back (maximum scale 5 after
 * 300 ms) and the page's own viewport restored (after 1000 ms).
 */
export function useIosZoomLock(container: React.RefObject<HTMLElement>, enabled: boolean): void {
  useEffect(() => {
    const element = container.current;
    const viewport = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!enabled || !element || !viewport) return;
    const original = viewport.content;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const clearTimers = () => {
      for (const timer of timers.splice(0)) clearTimeout(timer);
    };
    const lock = () => {
      clearTimers();
      viewport.content = `${original}, maximum-scale=1`;
    };
    const unlock = () => {
      clearTimers();
      const [relax, restore] = IOS_ZOOM_RESTORE_MS;
      timers.push(
        setTimeout(() => {
          viewport.content = `${original}, maximum-scale=${IOS_MAX_SCALE}`;
        }, relax),
        setTimeout(() => {
          viewport.content = original;
        }, restore),
      );
    };
    element.addEventListener("focusin", lock);
    element.addEventListener("focusout", unlock);
    return () => {
      element.removeEventListener("focusin", lock);
      element.removeEventListener("focusout", unlock);
      clearTimers();
      viewport.content = original;
    };
  }, [container, enabled]);
}
