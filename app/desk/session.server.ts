import { createCookie, redirect } from "@remix-run/node";
import { getConfig } from "~/platform/config.server";
import { shop } from "~/platform/shop.server";
import { type DeskSession, SESSION_ABSOLUTE_MS, readDeskSession } from "./auth.server";
import { PASSKEY_CHALLENGE_TTL_MS } from "./passkey-challenges.server";
import { deskReturnPath, withReturnPath } from "./return-path.server";

/**
 * The desk's session cookie (D23): HttpOnly, SameSite=Lax, signed; behind https it is
 * Secure and `__Host-` prefixed, so no other host or path can set or read it.
 */
const deskCookie = createCookie(getConfig().trustProxy ? "__Host-desk" : "desk", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: getConfig().trustProxy,
  secrets: [getConfig().sessionSecret],
  maxAge: SESSION_ABSOLUTE_MS / 1000,
});

/** The signed-in staff member of this request, or null. */
export async function getDeskSession(request: Request): Promise<DeskSession | null> {
  const token: unknown = await deskCookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token.length === 0 || token.length > 100) return null;
  return readDeskSession(shop.db, token, shop.clock());
}

/**
 * The staff member, or no answer at all: a page sends the visitor to sign in (and back
 * here afterwards), data (the export, a fetcher) gets 401. Nothing of an order is read
 * before this passes.
 */
export async function requireStaff(
  request: Request,
  { page = true }: { page?: boolean } = {},
): Promise<DeskSession> {
  const session = await getDeskSession(request);
  if (session) return session;
  if (!page) throw new Response("Sign in to the desk first.\n", { status: 401 });
  const url = new URL(request.url);
  throw redirect(withReturnPath("/desk/sign-in", deskReturnPath(`${url.pathname}${url.search}`)));
}

/**
 * An owner (D31), or no answer: staff get a 403 page (a POST changes nothing), visitors who
 * are not signed in are sent to sign in as for any desk page.
 */
export async function requireOwner(
  request: Request,
  options: { page?: boolean } = {},
): Promise<DeskSession> {
  const session = await requireStaff(request, options);
  if (session.staff.role !== "owner") {
    throw new Response("Only the shop's owners may open this.\n", { status: 403 });
  }
  return session;
}

export function commitDeskSession(token: string): Promise<string> {
  return deskCookie.serialize(token);
}

export function clearDeskSession(): Promise<string> {
  return deskCookie.serialize("", { maxAge: 0 });
}

/**
 * The id of the passkey challenge this browser was handed: it names the challenge kept
 * in the database, lives as long as the challenge, and is sent only to this site.
 */
const passkeyChallengeCookie = createCookie(
  getConfig().trustProxy ? "__Host-desk-passkey" : "desk-passkey",
  {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: getConfig().trustProxy,
    secrets: [getConfig().sessionSecret],
    maxAge: PASSKEY_CHALLENGE_TTL_MS / 1000,
  },
);

export async function readPasskeyChallengeId(request: Request): Promise<string> {
  const id: unknown = await passkeyChallengeCookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" ? id : "";
}

export function commitPasskeyChallengeId(id: string): Promise<string> {
  return passkeyChallengeCookie.serialize(id);
}

export function clearPasskeyChallengeId(): Promise<string> {
  return passkeyChallengeCookie.serialize("", { maxAge: 0 });
}
