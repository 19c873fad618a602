import { data } from "@remix-run/node";
import type { DeskContext } from "~/desk/context";
import { type StaleAnswer, formRevision, staleAnswer } from "~/desk/revision.server";
import type { GuardedSession } from "~/desk/session.server";
import {
  type SettingsError,
  type SettingsSection,
  parseChats,
  parseContacts,
  parseDelivery,
  parseMessages,
  parseOrdering,
  parseTexts,
} from "~/settings/form";
import { saveSettings } from "~/settings/settings.server";
import { redirectWithToast } from "~/ui/toast.server";

export type Answer =
  | {
      kind: "fields";
      section: SettingsSection;
      errors: SettingsError[];
      values: Record<string, string>;
      revision?: number;
      /** A list's lines that could not be read, by its field, named in the refusal. */
      lines?: Partial<Record<SettingsError, string[]>>;
    }
  | (StaleAnswer & { section: SettingsSection });

/**
 * A save of one section: refused with what was typed kept (a field's problem, or a change
 * made since the page was read), or saved and back by GET with a toast.
 */
export async function saveSettingsForm(
  shop: DeskContext,
  { staff }: GuardedSession,
  request: Request,
  form: URLSearchParams,
) {
  const section = form.get("section");
  const parsed =
    section === "contacts"
      ? parseContacts(form)
      : section === "orders"
        ? parseOrdering(form, shop.today())
        : section === "delivery"
          ? parseDelivery(form, shop.today())
          : section === "chats"
            ? parseChats(form)
            : section === "texts"
              ? parseTexts(form)
              : section === "messages"
                ? parseMessages(form)
                : null;
  if (!parsed || section === null)
    throw new Response("Unknown settings section.\n", { status: 400 });
  const values = Object.fromEntries(form);
  const revision = formRevision(form);
  const named = section as SettingsSection;
  if (!parsed.ok) {
    const answer: Answer = {
      kind: "fields",
      section: named,
      errors: parsed.errors,
      values,
      revision,
      lines: parsed.lines,
    };
    return data<Answer>(answer, 400);
  }
  const actor = { staffId: staff.id, name: staff.name };
  const outcome = await saveSettings(shop.db, {
    section: named,
    value: parsed.value,
    actor,
    now: shop.clock(),
    revision,
  } as Parameters<typeof saveSettings>[1]);
  if (outcome === "stale") {
    const subject = { type: "settings" as const, id: named };
    const stale = await staleAnswer(shop, request, {
      subject,
      since: revision ?? 0,
      typed: values,
      // Checkboxes, the Telegram name and the lists a line an item are stored in other
      // words than the form's.
      control: (field) =>
        /\.(taking|telegram|required|notifyEmails|notifyPhones)$|^messages\.sms\./.test(field)
          ? null
          : (field.split(".")[1] ?? null),
    });
    return data<Answer>({ ...stale, section: named }, 409);
  }
  if (outcome === "saved") await shop.refreshContent();
  throw await redirectWithToast(shop.flash, request, "/desk/settings", {
    kind: "desk",
    message: outcome === "saved" ? "settings.saved" : "settings.unchanged",
  });
}
