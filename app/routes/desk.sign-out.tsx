import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { endAllSessions, endSession } from "~/desk/auth.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";

/** "Sign out" ends this session; "Sign out everywhere" every session of this person. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const session = await shop.desk.getDeskSession(request);
  if (session) {
    if (form.get("scope") === "everywhere") await endAllSessions(shop.db, session.staff.id);
    else await endSession(shop.db, session.tokenHash);
  }
  return redirect("/desk/sign-in", {
    status: 303,
    headers: { "Set-Cookie": await shop.desk.clearDeskSession() },
  });
}

export async function loader() {
  return redirect("/desk");
}
