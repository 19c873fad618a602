import type { MetaDescriptor } from "@remix-run/node";
import { languages } from "~/i18n/languages";

interface RootMetaData {
  origin: string;
  locale: string;
}

/** A translate function in any namespace: the brand is `common:brand.name`. */
type Translate = (key: string) => string;

/**
 * The one way a page's title is made, by every loader's `meta` and the root's error
 * pages: the page's heading followed by the brand, unless the heading names it already
 * (the home and about pages); with `brand: false` the heading alone (the desk's pages,
 * the thank-you, the error pages).
 */
export function pageTitle(t: Translate, heading: string, { brand = true } = {}): string {
  if (!brand) return heading;
  const name = t("common:brand.name");
  return heading.includes(name) ? heading : `${heading} — ${name}`;
}

/** What a route's loader says about its page; `pageMetaTags` turns it into tags. */
export interface PageMetaData {
  title: string;
  description?: string;
  /** Pages for one visitor or for nobody (not found, thank-you): kept out of search. */
  noindex?: boolean;
  /**
   * schema.org's JSON-LD for search engines, built by the loader
   * (catalog/structured-data.server.ts); Remix writes it into the head, escaped.
   */
  structuredData?: object;
}

interface MetaArgs {
  data?: { meta?: PageMetaData } | null;
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

function rootData(matches: MetaArgs["matches"]): RootMetaData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootMetaData | undefined;
}

/**
 * The same page in every language, for search engines: one address per language
 * (`?lng=`), the address without it as x-default (it follows the visitor's language).
 */
export function languageAlternates(origin: string, pathname: string): MetaDescriptor[] {
  return [
    ...languages.map((language) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: language.htmlLang,
      href: `${origin}${pathname}?lng=${language.code}`,
    })),
    {
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${pathname}`,
    },
  ];
}

/**
 * The one way a route's `meta` is built: from `meta` in its loader's data. Indexable
 * pages get their description, Open Graph texts, canonical and language alternates
 * (from PUBLIC_URL); the rest get `noindex` and nothing that invites a crawler back.
 */
export function pageMetaTags({ data, location, matches }: MetaArgs): MetaDescriptor[] {
  if (!data?.meta) return [];
  const { title, description, noindex, structuredData } = data.meta;
  const tags: MetaDescriptor[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (noindex) return [...tags, { name: "robots", content: "noindex" }];
  tags.push({ property: "og:title", content: title });
  if (description) tags.push({ property: "og:description", content: description });
  if (structuredData) tags.push({ "script:ld+json": structuredData });
  const root = rootData(matches);
  if (root) {
    tags.push(
      {
        tagName: "link",
        rel: "canonical",
        href: `${root.origin}${location.pathname}?lng=${root.locale}`,
      },
      ...languageAlternates(root.origin, location.pathname),
    );
  }
  return tags;
}
