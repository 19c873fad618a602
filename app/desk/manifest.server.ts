import { readManifest } from "~/couriers/manifest.server";
import { getLocale } from "~/i18n/i18next.server";
import type { DeskContext } from "./context";
import type { GuardedSession } from "./session.server";

/**
 * The manifest a request names (`?courier=&day=`), in the reader's language, with the
 * reading recorded: the phones and addresses of every parcel it shows (a parcel nobody was
 * home for is not handed over, so not shown). A 404 for a courier's day that is not one.
 */
export async function openManifest(
  shop: Pick<DeskContext, "db" | "content">,
  session: GuardedSession,
  request: Request,
) {
  const language = await getLocale(request);
  const manifest = await readManifest(
    shop.db,
    shop.content().catalog,
    shop.content().settings.zones,
    new URL(request.url),
    language,
  );
  if (!manifest) throw new Response("No such manifest.", { status: 404 });
  await session.access.record(
    "manifest",
    manifest.groups.flatMap((group) => group.items.map((parcel) => parcel.orderNumber)),
  );
  return { manifest, language };
}
