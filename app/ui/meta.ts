import type { MetaDescriptor } from "@remix-run/node";
import { languages } from "~/i18n/languages";

interface RootMetaData {
  origin: string;
  locale: string;
}

interface MetaArgs {
  data?: { meta?: { title: string; description: string } } | null;
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

/** `meta` for routes whose loader returns `{ meta: { title, description } }`. */
export function pageMetaTags({ data, location, matches }: MetaArgs): MetaDescriptor[] {
  if (!data?.meta) return [];
  const root = rootData(matches);
  const tags: MetaDescriptor[] = [
    { title: data.meta.title },
    { name: "description", content: data.meta.description },
    { property: "og:title", content: data.meta.title },
    { property: "og:description", content: data.meta.description },
  ];
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
