import { IOS_MAX_SCALE, IOS_ZOOM_RESTORE_MS } from "~/constants";

/**
 * Locks Safari's zoom while a field inside `element` has focus; afterwards pinch-zoom is
 * given back (maximum scale 5 after 300 ms) and the page's own viewport restored (after
 * 1000 ms). Returns what undoes it.
 */
export function lockIosZoom(element: HTMLElement): () => void {
  const viewport = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!viewport) return () => {};
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
}
