import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PINNED_MAX, TAGS_MAX, TAG_MAX } from "~/orders/labels";
import type { OrderView } from "./view.server";

/** The pinned note and the tags, saved together. */
export function OrderLabels({ order }: { order: OrderView }) {
  const { t } = useTranslation("desk");
  return (
    <>
      <Form
        method="post"
        preventScrollReset
        className="desk-labels"
        aria-labelledby="desk-labels-title"
      >
        <h2 id="desk-labels-title">{t("labels.title")}</h2>
        <input type="hidden" name="intent" value="labels" />
        <p className="desk-field">
          <label htmlFor="desk-pinned">{t("order.pinned")}</label>
          <input
            id="desk-pinned"
            name="pinned"
            dir="auto"
            maxLength={PINNED_MAX}
            defaultValue={order.pinned}
            aria-describedby="desk-pinned-hint"
          />
          <span id="desk-pinned-hint" className="desk-muted">
            {t("labels.pinnedHint")}
          </span>
        </p>
        <p className="desk-field">
          <label htmlFor="desk-tags">{t("labels.tags")}</label>
          <input
            id="desk-tags"
            name="tags"
            dir="auto"
            maxLength={TAGS_MAX * (TAG_MAX + 1)}
            defaultValue={order.tags}
            aria-describedby="desk-tags-hint"
          />
          <span id="desk-tags-hint" className="desk-muted">
            {t("labels.tagsHint")}
          </span>
        </p>
        <button type="submit" className="desk-button">
          {t("labels.save")}
        </button>
      </Form>
    </>
  );
}
