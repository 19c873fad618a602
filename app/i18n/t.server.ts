import { getLocale, i18next } from "./i18next.server";

/** The server's translate function for a request, fixed to one namespace. */
export async function getRequestT(request: Request, namespace: string) {
  return i18next.getFixedT(await getLocale(request), namespace);
}
