/** Where the shop says it is: PUBLIC_URL and PORT, as the settings have them. */
export interface SiteAddress {
  publicUrl: string | null;
  port: number;
}

/**
 * The shop's absolute address (D29): PUBLIC_URL. Never taken from a request's Host in
 * production, where anyone can write that header; without PUBLIC_URL a production shop
 * names itself on localhost (said once at boot), and only the development server
 * follows the address it was opened at. Routes and desk services ask `shop.origin`.
 */
export function publicOrigin(request: Request, { publicUrl, port }: SiteAddress): string {
  if (publicUrl) return publicUrl;
  if (process.env.NODE_ENV === "development") return new URL(request.url).origin;
  return `http://localhost:${port}`;
}

/** Form bodies larger than this are refused with 413 (D11). */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * The posted form, read with a size cap: a body over `maxBytes` is refused with 413
 * before it is parsed, whatever its Content-Length claims.
 */
export async function readForm(
  request: Request,
  maxBytes = MAX_FORM_BYTES,
): Promise<URLSearchParams> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new Response("Payload Too Large", { status: 413 });
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new Response("Unsupported Media Type", { status: 415 });
  }
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Response("Payload Too Large", { status: 413 });
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A redirect target taken from a request, kept on this site: only a local path, never
 * `//host` or `/\host`, which browsers would treat as another site.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (
    typeof to !== "string" ||
    !to.startsWith("/") ||
    to.startsWith("//") ||
    to.startsWith("/\\")
  ) {
    return fallback;
  }
  if (to.length > 2000 || /[\r\n]/.test(to)) return fallback;
  return to;
}
