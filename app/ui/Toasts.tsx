import {
  type ReactNode,
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/ui/toast";

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

  useListBeforeFirstToast();

  const api = useRef<ToastApi>({ show }).current;
  const { t } = useTranslation("cart");
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The region is always there, so a screen reader hears what comes into it. */}
      <section className="toasts" aria-label={t("toast.region")}>
        {/* biome-ignore lint/a11y/useSemanticElements: <output> may not hold the list. */}
        <div role="status" aria-live="polite">
          <ol>
            {toasts.length > 0 ? (
              <Suspense fallback={null}>
                <ToastList toasts={toasts} dismiss={dismiss} />
              </Suspense>
            ) : null}
          </ol>
        </div>
      </section>
    </ToastContext.Provider>
  );
}

const loadList = () => import("./ToastList");

/**
 * What shows the toasts (0.6 KB gzip) is not part of a page's first load (D85): the
 * browser fetches it with the first toast, or before it, on the shopper's first tap or
 * key, which comes before any answer with a toast. The server renders it as part of the
 * page, so a toast it kept for the page is in the HTML, with or without JavaScript; when
 * scripts start, React keeps that HTML until the list has arrived.
 */
const ToastList = import.meta.env.SSR
  ? (await loadList()).ToastList
  : lazy(() => loadList().then((module) => ({ default: module.ToastList })));

function useListBeforeFirstToast() {
  useEffect(() => {
    const events = ["pointerdown", "keydown"] as const;
    const load = () => {
      for (const event of events) window.removeEventListener(event, load, true);
      loadList().catch(() => {
        // Not arrived (offline): the first toast asks again.
      });
    };
    for (const event of events) window.addEventListener(event, load, true);
    return () => {
      for (const event of events) window.removeEventListener(event, load, true);
    };
  }, []);
}
