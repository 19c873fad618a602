import { data } from "@remix-run/node";
import { PRODUCT_DETAILS, deleteProduct, restoreProduct, saveProduct } from "~/catalog/edit.server";
import { type PublishProblem, productKey } from "~/catalog/model";
import { type ProductFieldError, parseProductForm } from "~/catalog/product-form";
import { productTitle } from "~/catalog/texts";
import type { DeskContext } from "~/desk/context";
import { type StaleAnswer, formRevision, staleAnswer } from "~/desk/revision.server";
import type { GuardedSession } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { redirectWithToast } from "~/ui/toast.server";

/** A refused save: what was typed, and the revision the form goes on from. */
interface Typed {
  values: Record<string, string>;
  revision?: number;
}

export type Answer =
  | ({ kind: "fields"; errors: ProductFieldError[] } & Typed)
  | ({ kind: "refused"; problems: PublishProblem[] } & Typed)
  | ({ kind: "slugLocked" | "slugTaken" } & Typed)
  | StaleAnswer;

/** The details stored in the trail in the form's own words (related and survey are not). */
const SAME_WORDS = /^(group|slug|status|price|volume|stock|position|line)$/;

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
  const revision = formRevision(form);
  const parsed = parseProductForm(form);
  if (!parsed.ok)
    return data<Answer>({ kind: "fields", errors: parsed.errors, values, revision }, 400);
  const key = productKey(params.group ?? "", params.slug ?? "");
  const outcome = await saveProduct(shop.db, {
    key,
    values: parsed.values,
    actor: { staffId: staff.id, name: staff.name },
    now: shop.clock(),
    revision,
  });
  switch (outcome.status) {
    case "notFound":
      throw new Response(null, { status: 404 });
    case "stale": {
      const subject = { type: "product" as const, id: key };
      const stale = await staleAnswer(shop, request, {
        subject,
        since: revision ?? 0,
        fields: PRODUCT_DETAILS,
        typed: values,
        control: (field) => (SAME_WORDS.test(field) ? field : null),
      });
      return data<Answer>(stale, 409);
    }
    case "refused":
      return data<Answer>({ kind: "refused", problems: outcome.problems, values, revision }, 409);
    case "slugLocked":
    case "slugTaken":
      return data<Answer>({ kind: outcome.status, values, revision }, 409);
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

/**
 * Delete, confirmed: the product gone and the owner back at the list, named in the toast;
 * or, since orders name it, archived and back at its page, saying so.
 */
export async function removeProductForm(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  params: { group?: string; slug?: string },
) {
  const language = await getLocale(request);
  const outcome = await deleteProduct(shop.db, {
    key: productKey(params.group ?? "", params.slug ?? ""),
    actor: { staffId: session.staff.id, name: session.staff.name },
    now: shop.clock(),
  });
  if (outcome.status === "notFound") throw new Response(null, { status: 404 });
  if (outcome.status !== "alreadyArchived") await shop.refreshContent();
  const title = productTitle(outcome.product, language);
  throw await redirectWithToast(
    shop.flash,
    request,
    outcome.status === "deleted" ? "/desk/products" : `/desk/products/${outcome.product.key}`,
    { kind: "desk", message: `products.removal.${outcome.status}`, values: { title } },
  );
}

/** An archived product back in the list, as hidden. */
export async function restoreProductForm(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  params: { group?: string; slug?: string },
) {
  const key = productKey(params.group ?? "", params.slug ?? "");
  const outcome = await restoreProduct(shop.db, {
    key,
    actor: { staffId: session.staff.id, name: session.staff.name },
    now: shop.clock(),
  });
  if (outcome === "notFound") throw new Response(null, { status: 404 });
  if (outcome === "restored") await shop.refreshContent();
  throw await redirectWithToast(shop.flash, request, `/desk/products/${key}`, {
    kind: "desk",
    message: outcome === "restored" ? "products.removal.restored" : "products.unchanged",
  });
}
