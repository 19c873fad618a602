import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { FlashSessions } from "../platform/session.server";
import type { Toast, ToastContent } from "./toast";

const TOAST_KEY = "toast";

export function createToast(content: ToastContent): Toast {
  return { ...content, id: randomUUID() } as Toast;
}

/**
 * Keeps a toast for the next page the browser loads, in the shop's session cookie
 * (`shop.flash`); returns the Set-Cookie header.
 */
export async function flashToast(
  flash: FlashSessions,
  request: Request,
  toast: Toast,
): Promise<string> {
  const session = await flash.read(request);
  session.flash(TOAST_KEY, toast);
  return flash.commit(session);
}

/**
 * The toast waiting for this page, if any, and the Set-Cookie header that forgets it
 * (null when nothing was waiting, so ordinary pages set no cookie).
 */
export async function takeToast(
  flash: FlashSessions,
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__session="))
    return { toast: null, setCookie: null };
  const session = await flash.read(request);
  const toast = (session.get(TOAST_KEY) as Toast | undefined) ?? null;
  if (!toast) return { toast: null, setCookie: null };
  // Nothing else kept: the cookie goes, so the visitor's next pages may come from memory
  // again (a session cookie, even an empty one, makes every page theirs alone).
  const setCookie =
    Object.keys(session.data).length === 0
      ? await flash.destroy(session)
      : await flash.commit(session);
  return { toast, setCookie };
}

/**
 * The answer to a form that worked: back to `to` by GET (303), with a toast that says
 * what was done on the page it lands on, with or without JavaScript.
 */
export async function redirectWithToast(
  flash: FlashSessions,
  request: Request,
  to: string,
  content: ToastContent,
): Promise<Response> {
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": await flashToast(flash, request, createToast(content)) },
  });
}
