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
