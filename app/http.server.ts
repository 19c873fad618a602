import { getConfig } from "./config.server";

/**
 * The shop's public origin as the visitor sees it. Behind an https reverse proxy
 * (TRUST_PROXY) the forwarded protocol and host are used; otherwise the request's own.
 */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  if (getConfig().trustProxy) {
    const proto = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim();
    const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
    if (host && /^[\w.-]+(:\d+)?$/.test(host)) url.host = host;
  }
  return url.origin;
}
