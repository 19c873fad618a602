import { useRouteLoaderData } from "@remix-run/react";
import type { AnalyticsIds } from "~/analytics/events";
import type { Cart, CartProduct } from "~/cart/model";
import type { CatalogMenu } from "~/catalog/view";
import type { LanguageCode } from "~/i18n/languages";
import type { Contacts } from "~/settings/model";
import type { Toast } from "./toast";

/**
 * What the root loader gives every page. Declared here rather than inferred from the
 * loader, so that components reading it (the header's badge, the cart) need not import
 * the root route that renders them.
 */
export interface RootData {
  locale: LanguageCode;
  origin: string;
  i18nVersion: string;
  year: number;
  /** Titles for pages that end in an error boundary, whose own loader gave nothing. */
  errorTitles: { notFound: string; error: string };
  /** Public ids only; gtag.js loads when one is set (D14). */
  analytics: AnalyticsIds;
  /** Keys and quantities only: the browser prices nothing it could forge. */
  cart: Cart;
  /** The cart's products as the catalogue has them now, in the page's language. */
  cartProducts: Record<string, CartProduct>;
  /** The catalogue's lines and products on sale, as the menus and the home page name them. */
  menu: CatalogMenu;
  toast: Toast | null;
  /** The shop's public contacts, as the owner set them. */
  contacts: Contacts;
  /** Whether the shop takes orders now, and from when again (written in the page's language). */
  ordering: { taking: boolean; resumeOn: string | null };
}

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
