import { useEffect, useRef, useState } from "react";
import { COPY_FEEDBACK_MS } from "~/constants";

/**
 * Copies with a hidden text area where the Clipboard API is missing (older or insecure
 * pages). The area goes into `container`, beside the button: inside a modal dialog the
 * rest of the page is inert and could not be selected.
 */
function copyWithTextArea(text: string, container: HTMLElement): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  container.append(area);
  area.focus({ preventScroll: true });
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } finally {
    area.remove();
    previous?.focus({ preventScroll: true });
  }
  return copied;
}

export async function copyText(
  text: string,
  container: HTMLElement = document.body,
): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: the text area may still work.
    }
  }
  return copyWithTextArea(text, container);
}

/** A button that copies `text` and says so for 1.5 s. Rendered only where scripts run. */
export function CopyButton({
  text,
  label,
  copiedLabel,
}: { text: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick(event: React.MouseEvent<HTMLButtonElement>) {
    const container = event.currentTarget.parentElement ?? document.body;
    if (!(await copyText(text, container))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <button type="button" className="button button--quiet" onClick={onClick} aria-live="polite">
      {copied ? copiedLabel : label}
    </button>
  );
}
