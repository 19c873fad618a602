/**
 * The click outside and the focus trap of an open <details> menu (./menus): a click outside
 * closes it, and with `trapFocus` Tab stays inside. Returns what removes them. (Escape is
 * the menu's own from the first load: a key pressed the moment a menu opens must work.)
 */
export function attachMenuKeys(element: HTMLDetailsElement, trapFocus: boolean): () => void {
  const summary = element.querySelector("summary");
  const onKeyDown = (event: KeyboardEvent) => {
    if (element.open && trapFocus && event.key === "Tab") {
      const focusable = Array.from(
        element.querySelectorAll<HTMLElement>(
          "summary, a[href], button:not([disabled]), input, [tabindex='0']",
        ),
      ).filter((candidate) => candidate.offsetParent !== null || candidate === summary);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (element.open && !element.contains(event.target as Node)) element.open = false;
  };
  element.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  return () => {
    element.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}
