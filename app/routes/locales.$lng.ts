import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguageCode } from "~/i18n/languages";
import { resources, resourcesVersion } from "~/i18n/resources.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Every dictionary of one language for the browser, `/locales/{lng}.json?v={version}`.
 * One small response per language, so moving between pages never waits for a
 * namespace. A request naming the current version is cached for good.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = params.lng?.replace(/\.json$/, "");
  if (!isLanguageCode(language)) throw new Response(null, { status: 404 });

  const current = new URL(request.url).searchParams.get("v") === resourcesVersion;
  return new Response(JSON.stringify(resources[language]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : "public, max-age=300",
    },
  });
}
