import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguageCode } from "~/i18n/languages";
import { resources, resourcesVersion } from "~/i18n/resources.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * One dictionary for the browser, `/locales/{lng}/{ns}.json?v={version}`. A request
 * that names the current version is cached for good; any other only briefly.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const namespace = params.ns?.replace(/\.json$/, "");
  const language = params.lng;
  const dictionary =
    isLanguageCode(language) && namespace ? resources[language]?.[namespace] : undefined;
  if (!dictionary) throw new Response(null, { status: 404 });

  const current = new URL(request.url).searchParams.get("v") === resourcesVersion;
  return new Response(JSON.stringify(dictionary), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : "public, max-age=300",
    },
  });
}
