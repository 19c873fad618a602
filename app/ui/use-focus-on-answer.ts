import { type RefObject, useEffect, useRef } from "react";

/**
 * The element that says what came of a form (its refusal, or what was done) takes the
 * focus when that answer arrives, so a screen reader reads it and the eye finds it where
 * the page scrolls it into view. Without JavaScript the page drawn anew shows it in
 * place; the element needs `tabIndex={-1}`.
 */
export function useFocusOnAnswer<T extends HTMLElement>(answer: unknown): RefObject<T> {
  const element = useRef<T>(null);
  useEffect(() => {
    if (answer) element.current?.focus();
  }, [answer]);
  return element;
}
