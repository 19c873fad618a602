import { data } from "@remix-run/node";
import { georgianHolidays } from "~/delivery/holidays.server";
import { type DeliveryError, mergeHolidays, parseWeek, parseZone } from "~/delivery/zone-form";
import { type SaveOutcome, deleteZone, saveWeek, saveZone } from "~/delivery/zones.server";
import type { DeskContext } from "~/desk/context";
import { formRevision, staleAnswer } from "~/desk/revision.server";
import type { GuardedSession } from "~/desk/session.server";
import { redirectWithToast } from "~/ui/toast.server";
import { type Answer, anchorOf } from "./answer";

export const PAGE = "/desk/settings/delivery";

/** A trail field's control on the card, where the form writes it as the trail stores it. */
const control = (field: string) => {
  const name = /^zones\.[^.]+\.name\.([a-z]{2})$/.exec(field);
  if (name) return `name-${name[1]}`;
  return /\.earliest$/.test(field) ? "earliest" : null;
};

/**
 * One save of the owner's delivery page (D84): a zone (saved, added or deleted) or the
 * week (saved, or with Georgia's public holidays merged in), refused with what was typed
 * kept, or saved and back by GET with a toast at the form that was saved.
 */
export async function saveDeliveryForm(
  shop: DeskContext,
  { staff }: GuardedSession,
  request: Request,
  form: URLSearchParams,
) {
  const intent = form.get("intent");
  const values = Object.fromEntries(form);
  const revision = formRevision(form);
  const base = { actor: { staffId: staff.id, name: staff.name }, now: shop.clock(), revision };
  const zoneAsked = (form.get("zone") ?? "").trim();
  const which = intent === "week" || intent === "holidays" ? "week" : zoneAsked || "new";
  const refuse = (errors: DeliveryError[], lines?: string[]) =>
    data<Answer>({ kind: "fields", form: which, errors, values, revision, lines }, 400);

  let outcome: SaveOutcome;
  if (intent === "week" || intent === "holidays") {
    const parsed = parseWeek(form);
    if (!parsed.ok) return refuse(parsed.errors, parsed.lines);
    const week = parsed.value;
    if (intent === "holidays")
      week.holidays = mergeHolidays(week.holidays, georgianHolidays(shop.today()));
    outcome = await saveWeek(shop.db, { ...base, week });
  } else if (intent === "delete" && zoneAsked) {
    outcome = await deleteZone(shop.db, { ...base, id: zoneAsked });
  } else if (intent === "zone") {
    const parsed = parseZone(form, zoneAsked);
    if (!parsed.ok) return refuse(parsed.errors);
    const zone = { ...parsed.value, id: zoneAsked || null };
    outcome = await saveZone(shop.db, { ...base, zone });
  } else {
    throw new Response("Unknown delivery form.\n", { status: 400 });
  }

  if (outcome.kind === "refused") return refuse([outcome.error]);
  if (outcome.kind === "stale") {
    const stale = await staleAnswer(shop, request, {
      subject: { type: "settings", id: which === "week" ? "week" : "zones" },
      since: revision ?? 0,
      fields: which === "week" ? undefined : { prefix: `zones.${which}.` },
      typed: values,
      control: which === "week" ? () => null : control,
    });
    return data<Answer>({ ...stale, form: which }, 409);
  }
  if (outcome.kind === "saved") await shop.refreshContent();
  const anchor = outcome.kind === "saved" && intent !== "delete" ? `#${anchorOf(outcome.id)}` : "";
  throw await redirectWithToast(shop.flash, request, `${PAGE}${anchor}`, {
    kind: "desk",
    message: outcome.kind === "saved" ? "settings.saved" : "settings.unchanged",
  });
}
