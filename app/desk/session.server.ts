import { createCookie, redirect } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Clock } from "~/platform/clock";
import { type AccessRecorder, accessRecorder } from "~/privacy/access-log.server";
import type { Database } from "../../db/schema";
import { type DeskSession, SESSION_ABSOLUTE_MS, readDeskSession } from "./auth.server";
import { PASSKEY_CHALLENGE_TTL_MS } from "./passkey-challenges.server";
import { deskReturnPath, withReturnPath } from "./return-path.server";

/**
 * A signed-in staff member, and the recorder of what they read (D35): a page that shows
 * an order's phone, address or name records it through `access`.
 */
export type GuardedSession = DeskSession & { access: AccessRecorder };

export interface DeskSessions {
  /** The signed-in staff member of this request, or null. */
  getDeskSession(request: Request): Promise<DeskSession | null>;
  /**
   * The staff member, or no answer at all: a page sends the visitor to sign in (and back
   * here afterwards), data (the export, a fetcher) gets 401. Nothing of an order is read
   * before this passes.
   */
  requireStaff(request: Request, options?: { page?: boolean }): Promise<GuardedSession>;
  /**
   * An owner (D31), or no answer: staff get a 403 page (a POST changes nothing), visitors
   * who are not signed in are sent to sign in as for any desk page.
   */
  requireOwner(request: Request, options?: { page?: boolean }): Promise<GuardedSession>;
  commitDeskSession(token: string): Promise<string>;
  clearDeskSession(): Promise<string>;
  /**
   * The id of the passkey challenge this browser was handed: it names the challenge kept
   * in the database, lives as long as the challenge, and is sent only to this site.
   */
  readPasskeyChallengeId(request: Request): Promise<string>;
  commitPasskeyChallengeId(id: string): Promise<string>;
  clearPasskeyChallengeId(): Promise<string>;
}

/**
 * The desk's sessions (D23), made once by the composition root with its database, clock
 * and settings. The session cookie is HttpOnly, SameSite=Lax, signed; behind https it is
 * Secure and `__Host-` prefixed, so no other host or path can set or read it.
 */
export function createDeskSessions(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: { trustProxy: boolean; sessionSecret: string };
}): DeskSessions {
  const { db, clock, config } = deps;
  const deskCookie = createCookie(config.trustProxy ? "__Host-desk" : "desk", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.trustProxy,
    secrets: [config.sessionSecret],
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  const passkeyChallengeCookie = createCookie(
    config.trustProxy ? "__Host-desk-passkey" : "desk-passkey",
    {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: config.trustProxy,
      secrets: [config.sessionSecret],
      maxAge: PASSKEY_CHALLENGE_TTL_MS / 1000,
    },
  );

  async function getDeskSession(request: Request): Promise<DeskSession | null> {
    const token: unknown = await deskCookie.parse(request.headers.get("Cookie"));
    if (typeof token !== "string" || token.length === 0 || token.length > 100) return null;
    return readDeskSession(db, token, clock());
  }

  async function requireStaff(
    request: Request,
    { page = true }: { page?: boolean } = {},
  ): Promise<GuardedSession> {
    const session = await getDeskSession(request);
    if (session) return { ...session, access: accessRecorder(db, session.staff, clock) };
    if (!page) throw new Response("Sign in to the desk first.\n", { status: 401 });
    const url = new URL(request.url);
    throw redirect(withReturnPath("/desk/sign-in", deskReturnPath(`${url.pathname}${url.search}`)));
  }

  return {
    getDeskSession,
    requireStaff,
    async requireOwner(request, options = {}) {
      const session = await requireStaff(request, options);
      if (session.staff.role !== "owner") {
        throw new Response("Only the shop's owners may open this.\n", { status: 403 });
      }
      return session;
    },
    commitDeskSession: (token) => deskCookie.serialize(token),
    clearDeskSession: () => deskCookie.serialize("", { maxAge: 0 }),
    async readPasskeyChallengeId(request) {
      const id: unknown = await passkeyChallengeCookie.parse(request.headers.get("Cookie"));
      return typeof id === "string" ? id : "";
    },
    commitPasskeyChallengeId: (id) => passkeyChallengeCookie.serialize(id),
    clearPasskeyChallengeId: () => passkeyChallengeCookie.serialize("", { maxAge: 0 }),
  };
}
