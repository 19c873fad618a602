import type { ActionFunctionArgs } from "@remix-run/node";
import { addPasskey, offerPasskeyRegistration } from "~/desk/passkey-requests.server";
import { requireStaff } from "~/desk/session.server";
import { readForm } from "~/platform/http.server";

/** Adding a passkey, for the page's script: step "options", then step "verify" (JSON). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { staff } = await requireStaff(request, { page: false });
  return form.get("step") === "options"
    ? offerPasskeyRegistration(request, staff)
    : addPasskey(request, staff, form);
}
