import type { ActionFunctionArgs } from "@remix-run/node";
import { clientKey } from "~/checkout/rate-limit.server";
import { offerPasskeySignIn, signInWithPasskey } from "~/desk/passkey-requests.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";

/** Signing in with a passkey, for the sign-in page's script: "options", then "verify". */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  return form.get("step") === "options"
    ? offerPasskeySignIn(shop, request, clientKey(request, context.clientAddress, shop.config))
    : signInWithPasskey(shop, request, form);
}
