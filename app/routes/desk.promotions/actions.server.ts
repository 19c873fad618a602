import { data } from "@remix-run/node";
import type { DeskContext } from "~/desk/context";
import { formRevision, staleAnswer } from "~/desk/revision.server";
import type { GuardedSession } from "~/desk/session.server";
import {
  type PromotionError,
  isKind,
  parsePromotion,
  promotionControl,
} from "~/promotions/promotion-form";
import {
  type SaveOutcome,
  deletePromotion,
  promotionSubject,
  savePromotion,
} from "~/promotions/promotions.server";
import { redirectWithToast } from "~/ui/toast.server";
import { type Answer, anchorOf } from "./answer";

export const PAGE = "/desk/promotions";

/**
 * One save of the owner's promotions page (D86): a promotion added, saved or deleted,
 * refused with what was typed kept, or saved and back by GET with a toast at its card.
 */
export async function savePromotionsForm(
  shop: DeskContext,
  { staff }: GuardedSession,
  request: Request,
  form: URLSearchParams,
) {
  const intent = form.get("intent");
  const kind = form.get("kind");
  if (!isKind(kind)) throw new Response("Unknown promotion form.\n", { status: 400 });
  const values = Object.fromEntries(form);
  const revision = formRevision(form);
  const base = { actor: { staffId: staff.id, name: staff.name }, now: shop.clock(), revision };
  const asked = /^\d{1,9}$/.exec(form.get("id") ?? "") ? Number(form.get("id")) : null;
  const which = asked === null ? `new-${kind}` : String(asked);
  const refuse = (errors: PromotionError[]) =>
    data<Answer>({ kind: "fields", form: which, errors, values, revision }, 400);

  let outcome: SaveOutcome;
  if (intent === "delete" && asked !== null) {
    outcome = await deletePromotion(shop.db, { ...base, id: asked });
  } else if (intent === "save") {
    const products = shop
      .content()
      .catalog.products.map((product) => ({ key: product.key, price: product.price }));
    const parsed = parsePromotion(form, kind, products);
    if (!parsed.ok) return refuse(parsed.errors);
    outcome = await savePromotion(shop.db, { ...base, id: asked, promotion: parsed.value });
  } else {
    throw new Response("Unknown promotion form.\n", { status: 400 });
  }

  if (outcome.kind === "refused") return refuse([outcome.error]);
  if (outcome.kind === "stale" && asked !== null) {
    const stale = await staleAnswer(shop, request, {
      subject: promotionSubject(asked),
      since: revision ?? 0,
      typed: values,
      control: promotionControl,
    });
    return data<Answer>({ ...stale, form: which }, 409);
  }
  if (outcome.kind === "saved") await shop.refreshContent();
  const id = outcome.kind === "saved" || outcome.kind === "unchanged" ? outcome.id : null;
  const anchor = id !== null && intent !== "delete" ? `#${anchorOf(String(id))}` : "";
  throw await redirectWithToast(shop.flash, request, `${PAGE}${anchor}`, {
    kind: "desk",
    message: outcome.kind === "saved" ? "settings.saved" : "settings.unchanged",
  });
}
