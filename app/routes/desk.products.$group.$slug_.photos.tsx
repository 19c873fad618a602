import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type MetaFunction,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { Form, Link, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findProduct, listItems, productKey } from "~/catalog/model";
import { photoView } from "~/catalog/photos";
import {
  PHOTO_MAX_BYTES,
  type PhotoRefusal,
  addPhoto,
  changePhoto,
  processPhoto,
} from "~/catalog/photos.server";
import { productTitle } from "~/catalog/texts";
import { loadCatalog } from "~/content/store.server";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { type StaleAnswer, formRevision, pageRevision, staleAnswer } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { ProductImage } from "~/ui/ProductImage";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

/** The whole upload: the photo and a few small fields. */
const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

function productOf(params: LoaderFunctionArgs["params"], catalog = shop.content().catalog) {
  const key = productKey(params.group ?? "", params.slug ?? "");
  const product = findProduct(catalog, key);
  if (!product) throw new Response(null, { status: 404 });
  return product;
}

/** A product's photos: upload (a plain form), move, remove. Owners only (D31). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  // The revision first, then the photos as stored now: a change between is caught.
  const revision = await pageRevision(shop);
  const product = productOf(params, await loadCatalog(shop.db));
  const title = productTitle(product, language);
  const alts = listItems(product.texts[language]?.photoAlt ?? "");
  return {
    meta: { title: pageTitle(t, t("photos.title", { title }), { brand: false }), noindex: true },
    key: product.key,
    title,
    revision,
    photos: product.photos.map((photo, index) => ({
      id: photo.id,
      view: photoView(photo, alts[index] ?? t("photos.number", { number: index + 1 })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type Answer = { error: PhotoRefusal | "lastPhoto" } | StaleAnswer;

/** The refusal of a change from a page read before the photos changed: what changed, by whom. */
const staleAt = async (request: Request, key: string, since: number | undefined) =>
  data<Answer>(
    await staleAnswer(shop, request, {
      subject: { type: "product", id: key },
      since: since ?? 0,
      fields: { prefix: "photos" },
      typed: {},
      control: () => null,
    }),
    409,
  );

async function answer(request: Request, key: string, message: string) {
  return redirectWithToast(shop.flash, request, `/desk/products/${key}/photos`, {
    kind: "desk",
    message,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The owner first: nobody else's body is read at all, however large.
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const product = productOf(params);
  const actor = { staffId: staff.id, name: staff.name };
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await readForm(request);
    const change = form.get("change");
    if (change !== "up" && change !== "down" && change !== "remove") {
      throw new Response("Unknown change.\n", { status: 400 });
    }
    const revision = formRevision(form);
    const outcome = await changePhoto(shop.db, {
      key: product.key,
      photoId: Number(form.get("photo")),
      change,
      actor,
      now: shop.clock(),
      revision,
    });
    if (outcome === "stale") return staleAt(request, product.key, revision);
    if (outcome === "lastPhoto") return data<Answer>({ error: "lastPhoto" }, 409);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome !== "same") await shop.refreshContent();
    return answer(request, product.key, `photos.${outcome === "removed" ? "removed" : "moved"}`);
  }
  if (Number(request.headers.get("Content-Length")) > UPLOAD_MAX_BYTES) {
    return data<Answer>({ error: "tooLarge" }, 413);
  }
  let file: File | null = null;
  let revision: number | undefined;
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: PHOTO_MAX_BYTES }),
    );
    const value = form.get("photo");
    file = value instanceof File ? value : null;
    revision = formRevision(form);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data<Answer>({ error: "tooLarge" }, 413);
    throw error;
  }
  const processed = await processPhoto(new Uint8Array(file ? await file.arrayBuffer() : []));
  if (!processed.ok) return data<Answer>({ error: processed.refusal }, 400);
  const added = await addPhoto(shop.db, {
    key: product.key,
    photo: processed.photo,
    actor,
    now: shop.clock(),
    revision,
  });
  if (added === "notFound") throw new Response(null, { status: 404 });
  if (added === "stale") return staleAt(request, product.key, revision);
  // Upload pressed twice before the page came back: the photo is there once.
  if (added === "added") await shop.refreshContent();
  return answer(request, product.key, "photos.added");
}

export default function ProductPhotos() {
  const { key, title, photos, revision } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <p>
        <Link to={`/desk/products/${key}`}>{t("productTexts.back", { title })}</Link>
      </p>
      <h1>{t("photos.title", { title })}</h1>
      {result ? (
        <div role="alert">
          {"kind" in result ? (
            <StaleNotice changes={result.changes} />
          ) : (
            <p className="desk-error">{t(`photos.errors.${result.error}`)}</p>
          )}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="desk-form">
        <label>
          {t("photos.choose")}
          <input type="file" name="photo" accept="image/jpeg,image/png,image/webp" required />
        </label>
        <RevisionField revision={revision} />
        <p className="desk-hint">{t("photos.hint")}</p>
        <button type="submit" className="desk-button">
          {t("photos.upload")}
        </button>
      </Form>
      {photos.length === 0 ? (
        <p className="desk-hint">{t("photos.none")}</p>
      ) : (
        <ol className="desk-photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <ProductImage photo={photo.view} sizes="9rem" />
              <p>{t("photos.number", { number: index + 1 })}</p>
              <Form method="post" className="desk-inline-form">
                <input type="hidden" name="photo" value={photo.id} />
                <RevisionField revision={revision} />
                {index > 0 ? (
                  <button type="submit" name="change" value="up" className="desk-button">
                    {t("photos.up")}
                  </button>
                ) : null}
                {index < photos.length - 1 ? (
                  <button type="submit" name="change" value="down" className="desk-button">
                    {t("photos.down")}
                  </button>
                ) : null}
                <button
                  type="submit"
                  name="change"
                  value="remove"
                  className="desk-button desk-button--danger"
                >
                  {t("photos.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
