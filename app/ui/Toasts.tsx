import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { MAX_LINE_QUANTITY, TOAST_MS } from "~/constants";
import type { Toast } from "~/ui/toast";
import { useHydrated } from "./use-hydrated";

interface ToastApi {
  show(toast: Toast): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Shows a toast; only inside <ToastProvider>, which every page has. */
export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts must be used inside <ToastProvider>.");
  return api;
}

const MAX_VISIBLE = 3;

/**
 * Shows `toast` once, whenever it first appears. Checked after every commit rather than
 * when `toast` changes: when a tap makes React finish hydrating at once, React 18 can
 * skip an effect whose dependencies did change, and the shopper would not be told.
 */
export function useShowOnce(toast: Toast | null, show: (toast: Toast) => void): void {
  const shownId = useRef<string | null>(null);
  useEffect(() => {
    if (!toast || shownId.current === toast.id) return;
    shownId.current = toast.id;
    show(toast);
  });
}

/**
 * The one toast system: a stack in a polite live region. `flashed` is the toast the
 * server kept for this page (after a form post without JavaScript); it shows once.
 */
export function ToastProvider({
  flashed,
  children,
}: { flashed: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(flashed ? [flashed] : []);
  const show = useCallback((toast: Toast) => {
    setToasts((list) =>
      list.some((shown) => shown.id === toast.id) ? list : [...list, toast].slice(-MAX_VISIBLE),
    );
  }, []);
  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  useShowOnce(flashed, show);

  const api = useRef<ToastApi>({ show }).current;
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: string): void }) {
  const { t } = useTranslation("cart");
  return (
    <section className="toasts" aria-label={t("toast.region")}>
      {/* biome-ignore lint/a11y/useSemanticElements: <output> may not hold the list. */}
      <div role="status" aria-live="polite">
        <ol>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />
          ))}
        </ol>
      </div>
    </section>
  );
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
