import { getLocale } from "./i18next.server";
import { fixedT } from "./instance.server";

export interface PageMeta {
  /** The document title: the page's heading followed by the brand. */
  title: string;
  description: string;
  /** The page's own heading, for its `<h1>`. */
  heading: string;
}

/**
 * The translated title and description of a page whose texts live under
 * `pages.{page}` in the common dictionary. Loaders return it; `meta` renders it.
 */
export async function getPageMeta(request: Request, page: string): Promise<PageMeta> {
  const t = fixedT(await getLocale(request), "common");
  const brand = t("brand.name");
  const heading = t(`pages.${page}.title`);
  return {
    title: heading.includes(brand) ? heading : `${heading} — ${brand}`,
    description: t(`pages.${page}.description`),
    heading,
  };
}
