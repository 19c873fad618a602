import { createCookieSessionStorage } from "@remix-run/node";
import { getConfig } from "./config.server";

/**
 * The signed session cookie: short-lived messages for the next page (a toast after a
 * form post without JavaScript, the number of the order just placed). HttpOnly, signed
 * with SESSION_SECRET, Secure behind an https proxy.
 */
export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__session",
    httpOnly: true,
    path: "/",
    sameSite: "lax",
    secrets: [getConfig().sessionSecret],
    secure: getConfig().trustProxy,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}
