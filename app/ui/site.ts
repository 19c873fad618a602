import { groups } from "~/catalog/model";

/** The storefront's public pages that are there whatever the catalogue holds (the sitemap adds its products). */
export const fixedPaths = [
  "/",
  "/about",
  "/about/history",
  "/about/team",
  "/about/contacts",
  "/services/consult",
  "/services/delivery",
  "/services/care",
  "/services/gift",
  "/catalog",
  ...groups.map((group) => `/catalog/${group}`),
  "/catalog/404",
  "/privacy",
  "/terms",
];
