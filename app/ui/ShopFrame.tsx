import type { ReactNode } from "react";
import { defaultLanguage } from "~/i18n/languages";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { fallbackYear } from "./fallback-year";
import { useRootData } from "./root-data";

/**
 * The storefront's frame around a page: header, the page itself, footer (spec §2), in the
 * page's language and with the year the root loader gave (a fallback when it failed).
 */
export function ShopFrame({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const language = rootData?.locale ?? defaultLanguage;
  const year = rootData?.year ?? fallbackYear();
  return (
    <>
      <Header language={language} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer year={year} />
    </>
  );
}
