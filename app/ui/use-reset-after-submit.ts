import { useNavigation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

export interface ResetAfterSubmitOptions {
  /** The server turned the last submission of this form down: its text stays. */
  refused: boolean;
  /** Runs after the form was emptied: where focus goes once the server took it. */
  onReset?: () => void;
}

/**
 * A form that empties itself once the server has taken what it sent. Without JavaScript
 * the page loads anew after the POST and its fields come back empty; with it, Remix keeps
 * the page mounted, and text left in a field would go out again with the next submission.
 * A refused submission keeps its text, so nothing typed is lost. `intent` is the value of
 * the form's `intent` field: it tells this form's submissions from the page's other forms'.
 */
export function useResetAfterSubmit(
  intent: string,
  { refused, onReset }: ResetAfterSubmitOptions,
): RefObject<HTMLFormElement> {
  const form = useRef<HTMLFormElement>(null);
  const { state, formData } = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (state === "submitting") {
      sent.current = formData?.get("intent") === intent;
      return;
    }
    // Idle comes with the answer: the page's new data, and the refusal if there was one.
    if (state !== "idle" || !sent.current) return;
    sent.current = false;
    if (refused) return;
    form.current?.reset();
    onReset?.();
  }, [state, formData, intent, refused, onReset]);
  return form;
}
