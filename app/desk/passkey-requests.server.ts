import { getLocale } from "~/i18n/i18next.server";
import type { Staff } from "../../db/schema";
import type { DeskContext } from "./context";
import {
  type PasskeyRegistration,
  type PasskeySignIn,
  type RelyingParty,
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  relyingPartyAt,
} from "./passkeys.server";

// The desk's passkey steps for a request, with the shop's database, clock and address.
// Each answers JSON for the browser's script: WebAuthn is a JavaScript API.

/** The relying party is the shop at PUBLIC_URL (D29), as links in messages are. */
async function relyingParty(shop: DeskContext, request: Request): Promise<RelyingParty> {
  const t = shop.t(await getLocale(request), "common");
  return relyingPartyAt(shop.origin(request), t("brand.name"));
}

function json(body: unknown, status: number, cookies: string[]): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

/** Step one of adding a passkey: the options, and the challenge's id in a cookie. */
export async function offerPasskeyRegistration(
  shop: DeskContext,
  request: Request,
  staff: Staff,
): Promise<Response> {
  const { options, challengeId } = await beginPasskeyRegistration(
    shop.db,
    staff,
    await relyingParty(shop, request),
    shop.clock(),
  );
  return json({ options }, 200, [await shop.desk.commitPasskeyChallengeId(challengeId)]);
}

/** Step two: the browser's answer checked and the passkey kept, or why not. */
export async function addPasskey(
  shop: DeskContext,
  request: Request,
  staff: Staff,
  form: URLSearchParams,
): Promise<Response> {
  const result: PasskeyRegistration = await finishPasskeyRegistration(
    shop.db,
    staff,
    {
      challengeId: await shop.desk.readPasskeyChallengeId(request),
      response: form.get("response") ?? "",
      name: form.get("name") ?? "",
    },
    await relyingParty(shop, request),
    shop.clock(),
  );
  return json(result, result.ok ? 200 : 400, [await shop.desk.clearPasskeyChallengeId()]);
}

/** Step one of signing in with a passkey, for a client (its address, as rate limits see it). */
export async function offerPasskeySignIn(
  shop: DeskContext,
  request: Request,
  client: string,
): Promise<Response> {
  const ceremony = await beginPasskeySignIn(
    shop.db,
    await relyingParty(shop, request),
    client,
    shop.clock(),
  );
  if (!ceremony) return json({ ok: false, reason: "throttled" }, 429, []);
  return json({ options: ceremony.options }, 200, [
    await shop.desk.commitPasskeyChallengeId(ceremony.challengeId),
  ]);
}

/** Step two: a new desk session in the cookie, exactly as a sign-in link gives one. */
export async function signInWithPasskey(
  shop: DeskContext,
  request: Request,
  form: URLSearchParams,
): Promise<Response> {
  const result: PasskeySignIn = await finishPasskeySignIn(
    shop.db,
    {
      challengeId: await shop.desk.readPasskeyChallengeId(request),
      response: form.get("response") ?? "",
      userAgent: request.headers.get("User-Agent") ?? "",
    },
    await relyingParty(shop, request),
    shop.clock(),
  );
  const cleared = await shop.desk.clearPasskeyChallengeId();
  if (!result.ok) return json({ ok: false, reason: result.reason }, 401, [cleared]);
  return json({ ok: true }, 200, [cleared, await shop.desk.commitDeskSession(result.sessionToken)]);
}
