import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAX_LINE_QUANTITY, TOAST_MS } from "~/constants";
import type { Toast } from "~/ui/toast";
import { useHydrated } from "./use-hydrated";

/**
 * The toasts themselves: their words, their timers and close buttons. Not part of a
 * page's first load (./Toasts fetches it), except on the server, which renders a toast it
 * kept for the page (D76, D85).
 */
export function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: string): void }) {
  return toasts.map((toast) => <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />);
}

function useToastText(toast: Toast): string {
  const { t } = useTranslation("cart");
  switch (toast.kind) {
    case "added":
      return t("cart:toast.added", { title: toast.title });
    case "limit":
      return t("cart:toast.limit", { max: MAX_LINE_QUANTITY });
    case "desk":
      return t(`desk:${toast.message}`, toast.values);
    case "checkout":
      return t(`checkout:${toast.message}`);
    case "error":
      return t(`cart:toast.errors.${toast.error}`);
  }
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss(id: string): void }) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const text = useToastText(toast);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const start = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismiss(toast.id), TOAST_MS);
  }, [dismiss, toast.id]);
  const pause = useCallback(() => clearTimeout(timer.current), []);

  useEffect(() => {
    start();
    return pause;
  }, [start, pause]);

  return (
    <li
      className={toast.kind === "error" ? "toast toast--error" : "toast"}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <span className="toast__text">{text}</span>
      {hydrated ? (
        <button
          type="button"
          className="toast__close"
          onClick={() => dismiss(toast.id)}
          aria-label={t("toast.close")}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path
              d="M3 3l10 10M13 3L3 13"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      ) : null}
    </li>
  );
}
