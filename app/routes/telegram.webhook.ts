import { createHash, timingSafeEqual } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { shop } from "~/shop.server";

/** Updates are small; anything bigger than this is not from Telegram. */
const MAX_UPDATE_BYTES = 64 * 1024;

/** Compares in constant time whatever the lengths, so the answer's timing says nothing. */
function sameSecret(given: string | null, secret: string): boolean {
  if (given === null) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * Telegram's webhook (D25): only with the secret the shop registered, in the
 * X-Telegram-Bot-Api-Secret-Token header; anything else is 401 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const webhook = shop.telegramDesk?.webhook ?? null;
  if (!webhook) return new Response("Not Found", { status: 404 });
  if (!sameSecret(request.headers.get("X-Telegram-Bot-Api-Secret-Token"), webhook.secret))
    return new Response("Unauthorized", { status: 401 });
  const body = await request.text();
  if (body.length > MAX_UPDATE_BYTES) return new Response("Payload Too Large", { status: 413 });
  let update: unknown;
  try {
    update = JSON.parse(body);
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  await webhook.handle(update);
  return new Response(null, { status: 204 });
}
