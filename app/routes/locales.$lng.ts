import type { LoaderFunctionArgs } from "@remix-run/node";
import { DESK_NAMESPACE, MESSAGES_NAMESPACE } from "~/i18n/config";
import { isLanguageCode } from "~/i18n/languages";
import { resources, resourcesVersion } from "~/i18n/resources.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Every storefront dictionary of one language for the browser,
 * `/locales/{lng}.json?v={version}`: one small response per language, so moving between
 * pages never waits for a namespace. The desk's texts are a second response
 * (`?ns=desk`), fetched only by desk pages. A request naming the current version is
 * cached for good. The SMS and e-mail words (`messages`) are never sent.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = params.lng?.replace(/\.json$/, "");
  if (!isLanguageCode(language)) throw new Response(null, { status: 404 });

  const search = new URL(request.url).searchParams;
  const current = search.get("v") === resourcesVersion;
  // The messages' words are the server's alone: no browser needs them.
  const {
    [DESK_NAMESPACE]: desk,
    [MESSAGES_NAMESPACE]: _messages,
    ...storefront
  } = resources[language] ?? {};
  const body = search.get("ns") === DESK_NAMESPACE ? { [DESK_NAMESPACE]: desk } : storefront;
  return new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : "public, max-age=300",
    },
  });
}
