import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, storefrontNamespaces } from "./i18n/config";
import { createFetchBackend } from "./i18n/fetch-backend";
import { defaultLanguage } from "./i18n/languages";

async function hydrate() {
  // The server wrote the language it rendered in onto <html>, so the browser starts in
  // exactly the same one and hydration never disagrees.
  const { lng = defaultLanguage, i18nVersion = "", i18nNs = "" } = document.documentElement.dataset;
  await i18next
    .use(initReactI18next)
    .use(createFetchBackend(i18nVersion))
    .init({
      ...i18nConfig,
      // The storefront's texts, and those the page's routes asked for (the desk's), as
      // the server rendered them (root's Layout wrote them onto <html>).
      ns: [...storefrontNamespaces, ...i18nNs.split(",").filter(Boolean)],
      lng,
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
