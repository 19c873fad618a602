import { hasOrders } from "~/catalog/edit.server";
import { findProduct, productKey } from "~/catalog/model";
import { priceText } from "~/catalog/product-form";
import { textChangeTimes } from "~/catalog/text-changes.server";
import { productTitle, textStates } from "~/catalog/texts";
import { loadCatalog } from "~/content/store.server";
import { activityEntries } from "~/desk/activity.server";
import type { DeskContext } from "~/desk/context";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage, languageCodes } from "~/i18n/languages";
import { pageTitle } from "~/ui/meta";

/** A product as its owner edits it (D32); its texts and photos each have a page of their own. */
export async function readProductEditor(
  shop: DeskContext,
  request: Request,
  params: { group?: string; slug?: string },
) {
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const content = shop.content();
  const revision = await pageRevision(shop);
  // The owner reads the catalogue as stored now: orders take stock without a new revision.
  const catalog = await loadCatalog(shop.db);
  const key = productKey(params.group ?? "", params.slug ?? "");
  const product = findProduct(catalog, key);
  if (!product) throw new Response(null, { status: 404 });
  const states = textStates(product, (await textChangeTimes(shop.db, [key])).get(key));
  const { entries } = await activityEntries(
    shop.db,
    { subject: { type: "product", id: key }, limit: 10 },
    { content, language, label: (subject, id) => t(`activity.subjects.${subject}`, { id }) },
  );
  return {
    meta: {
      title: pageTitle(t, productTitle(product, language), { brand: false }),
      noindex: true,
    },
    product: {
      key,
      title: productTitle(product, language),
      group: product.group,
      slug: product.slug,
      status: product.status,
      price: priceText(product.price),
      volume: product.volumeMl?.toString() ?? "",
      stock: product.stock?.toString() ?? "",
      position: String(product.position),
      line: product.line ?? "",
      related: product.related,
      survey: product.survey.join("\n"),
      photos: product.photos.length,
    },
    locked: await hasOrders(shop.db, key),
    /** Delete's second step: the owner pressed Delete and is asked once more. */
    confirming: new URL(request.url).searchParams.get("remove") === "1",
    // An archived product is offered only where it is already related.
    others: catalog.products
      .filter(
        (other) =>
          other.key !== key && (other.status !== "archived" || product.related.includes(other.key)),
      )
      .map((other) => ({ key: other.key, title: productTitle(other, language) })),
    languages: languageCodes.map((code) => ({
      code,
      name: getLanguage(code).name,
      ...states[code],
    })),
    activity: entries,
    revision,
  };
}
