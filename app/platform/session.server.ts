import { type Session, createCookieSessionStorage } from "@remix-run/node";

/**
 * The signed session cookie: short-lived messages for the next page (a toast after a
 * form post without JavaScript, the number of the order just placed).
 */
export interface FlashSessions {
  /** The session the request's cookie carries (a new, empty one without it). */
  read(request: Request): Promise<Session>;
  /** The Set-Cookie header that stores the session. */
  commit(session: Session): Promise<string>;
  /** The Set-Cookie header that deletes the cookie. */
  destroy(session: Session): Promise<string>;
}

/**
 * The session cookie, made once by the composition root: HttpOnly, signed with
 * SESSION_SECRET, Secure behind an https proxy (TRUST_PROXY).
 */
export function createFlashSessions({
  secret,
  secure,
}: {
  secret: string;
  secure: boolean;
}): FlashSessions {
  const storage = createCookieSessionStorage({
    cookie: {
      name: "__session",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secrets: [secret],
      secure,
    },
  });
  return {
    read: (request) => storage.getSession(request.headers.get("Cookie")),
    commit: (session) => storage.commitSession(session),
    destroy: (session) => storage.destroySession(session),
  };
}
