import type { ActionFunctionArgs } from "@remix-run/node";
import { addPasskey, offerPasskeyRegistration } from "~/desk/passkey-requests.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";

/** Adding a passkey, for the page's script: step "options", then step "verify" (JSON). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { staff } = await shop.desk.requireStaff(request, { page: false });
  return form.get("step") === "options"
    ? offerPasskeyRegistration(shop, request, staff)
    : addPasskey(shop, request, staff, form);
}
