import { randomBytes } from "node:crypto";
import { getConfig } from "./config.server";

const GTAG_HOST = "https://www.googletagmanager.com";
const ANALYTICS_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const ADS_HOSTS = [
  "https://*.doubleclick.net",
  "https://www.google.com",
  "https://googleads.g.doubleclick.net",
];

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a page: scripts only from us and with this request's
 * nonce (Remix's inline scripts carry it); Google's hosts only when analytics is
 * configured; nobody may frame the shop.
 */
export function contentSecurityPolicy(nonce: string): string {
  const { gaMeasurementId, adsConversionSendTo } = getConfig().analytics;
  const analytics = Boolean(gaMeasurementId || adsConversionSendTo);
  const google = analytics ? [...ANALYTICS_HOSTS, ...(adsConversionSendTo ? ADS_HOSTS : [])] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(analytics ? [GTAG_HOST] : [])],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...google],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...google],
    "frame-src": adsConversionSendTo ? ADS_HOSTS : ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Headers every page and data response carries (D11, issue: security). */
export function applySecurityHeaders(
  headers: Headers,
  request: Request,
  nonce: string | null,
): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Pages show this visitor's cart and language: never kept by a shared cache.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (nonce && process.env.NODE_ENV === "production") {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  if (getConfig().trustProxy && request.headers.get("X-Forwarded-Proto") === "https") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}
