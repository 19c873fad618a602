import { data } from "@remix-run/node";
import { saveProduct } from "~/catalog/edit.server";
import { type PublishProblem, productKey } from "~/catalog/model";
import { type ProductFieldError, parseProductForm } from "~/catalog/product-form";
import type { DeskContext } from "~/desk/context";
import type { GuardedSession } from "~/desk/session.server";
import { redirectWithToast } from "~/ui/toast.server";

export type Answer =
  | { kind: "fields"; errors: ProductFieldError[]; values: Record<string, string> }
  | { kind: "refused"; problems: PublishProblem[]; values: Record<string, string> }
  | { kind: "slugLocked" | "slugTaken"; values: Record<string, string> };

/**
 * A save of the product's fields: refused with what was typed kept (a field's problem,
 * what a status still needs, an address taken or fixed), or saved and back by GET.
 */
export async function saveProductForm(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  params: { group?: string; slug?: string },
  form: URLSearchParams,
) {
  const { staff } = session;
  // Every related product ticked, one a line, so a refused form comes back as it was.
  const values = { ...Object.fromEntries(form), related: form.getAll("related").join("\n") };
  const parsed = parseProductForm(form);
  if (!parsed.ok) return data<Answer>({ kind: "fields", errors: parsed.errors, values }, 400);
  const outcome = await saveProduct(shop.db, {
    key: productKey(params.group ?? "", params.slug ?? ""),
    values: parsed.values,
    actor: { staffId: staff.id, name: staff.name },
    now: shop.clock(),
  });
  switch (outcome.status) {
    case "notFound":
      throw new Response(null, { status: 404 });
    case "refused":
      return data<Answer>({ kind: "refused", problems: outcome.problems, values }, 409);
    case "slugLocked":
    case "slugTaken":
      return data<Answer>({ kind: outcome.status, values }, 409);
    case "saved":
    case "unchanged": {
      if (outcome.status === "saved") await shop.refreshContent();
      throw await redirectWithToast(shop.flash, request, `/desk/products/${outcome.key}`, {
        kind: "desk",
        message: outcome.status === "saved" ? "products.saved" : "products.unchanged",
      });
    }
  }
}
