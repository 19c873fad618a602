import type { ReactNode } from "react";
import type { LanguageCode } from "~/i18n/languages";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** The storefront's frame around a page: header, the page itself, footer (spec §2). */
export function ShopFrame({
  language,
  year,
  children,
}: { language: LanguageCode; year: number; children: ReactNode }) {
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
