import { getLocale } from "./i18next.server";
import { fixedT } from "./instance.server";

/** The server's translate function for a request, fixed to one namespace. */
export async function getRequestT(request: Request, namespace: string) {
  return fixedT(await getLocale(request), namespace);
}
