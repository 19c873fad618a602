import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False during the server render and the hydrating render, true afterwards: for UI that
 * only makes sense with JavaScript (and must not differ while hydrating).
 */
export function useHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsHydrated(true);
  }, []);
  return isHydrated;
}
