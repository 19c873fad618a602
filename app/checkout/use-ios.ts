import { useEffect, useState } from "react";

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
 * Safari zooms into a focused field and stays zoomed: on an iPhone or iPad the lock
 * (./ios-zoom) is fetched as the form appears and holds while a field inside `container`
 * has focus. Other devices never download it (D76's first-load budget).
 */
export function useIosZoomLock(container: React.RefObject<HTMLElement>, enabled: boolean): void {
  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    let release: (() => void) | undefined;
    let gone = false;
    import("./ios-zoom").then((zoom) => {
      if (!gone) release = zoom.lockIosZoom(element);
    });
    return () => {
      gone = true;
      release?.();
    };
  }, [container, enabled]);
}
