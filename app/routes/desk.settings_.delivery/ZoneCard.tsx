import { useTranslation } from "react-i18next";
import { SOURCE_LANGUAGE } from "~/catalog/model";
import { priceText } from "~/catalog/product-form";
import { nameField, weekdayField } from "~/delivery/zone-form";
import { ALL_WEEKDAYS, type DeliveryZone, EARLIEST_MAX, zoneName } from "~/delivery/zones";
import { Choice, Choices } from "~/desk/Choice";
import { Field } from "~/desk/form-answer";
import { languages } from "~/i18n/languages";
import { DeliveryForm, ownAnswer, useDeliveryKit } from "./DeliveryForm";
import type { Answer } from "./answer";

const NEW_ZONE: DeliveryZone = {
  id: "",
  names: {},
  fee: 0,
  freeFrom: null,
  weekdays: [...ALL_WEEKDAYS],
  earliest: 0,
  on: true,
};

/**
 * A zone's card, a form of its own: its names (Russian, the others folded), fee, `Free
 * from`, the courier's days, the earliest day, on/off; Save, and Delete for a zone no
 * order names (one that orders name is switched off instead). `zone` null: Add zone.
 */
export function ZoneCard({
  zone,
  used,
  answer,
  revision,
  owner,
}: {
  zone: DeliveryZone | null;
  used: boolean;
  answer: Answer | undefined;
  revision: number;
  owner: boolean;
}) {
  const { t, i18n } = useTranslation("desk");
  const form = zone?.id ?? "new";
  const kit = useDeliveryKit(form, ownAnswer(answer, form));
  const shown = zone ?? NEW_ZONE;
  const money = (name: "fee" | "freeFrom", stored: number | null, hint?: string) => (
    <Field form={kit} name={name} label={t(`deliveryZones.${name}`)} hint={hint}>
      {(control) => (
        // Text, not type="number": Chromium keeps Arabic-Indic digits out of a number field.
        <input
          name={name}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          maxLength={12}
          defaultValue={kit.value(name, priceText(stored))}
          {...control}
        />
      )}
    </Field>
  );
  const name = (code: (typeof languages)[number]) => (
    <div key={code.code}>
      <label htmlFor={`${form}-${nameField(code.code)}`}>
        <span lang={code.htmlLang}>{code.name}</span>
      </label>
      <input
        name={nameField(code.code)}
        lang={code.htmlLang}
        dir="auto"
        autoComplete="off"
        maxLength={60}
        defaultValue={kit.value(nameField(code.code), shown.names[code.code] ?? "")}
        {...(code.code === SOURCE_LANGUAGE ? kit.control("name") : {})}
        id={`${form}-${nameField(code.code)}`}
      />
      {code.code === SOURCE_LANGUAGE ? kit.problem("name") : null}
    </div>
  );
  return (
    <DeliveryForm
      form={form}
      title={zone ? zoneName(zone, i18n.language) : t("deliveryZones.add")}
      answer={answer}
      revision={revision}
      owner={owner}
      intent="zone"
      buttons={
        zone && !used ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            className="desk-button desk-button--danger"
          >
            {t("deliveryZones.delete")}
          </button>
        ) : null
      }
    >
      {languages.filter((code) => code.code === SOURCE_LANGUAGE).map(name)}
      <details open={kit.wrong("name") || undefined}>
        <summary>{t("deliveryZones.otherNames")}</summary>
        <p className="desk-hint">{t("deliveryZones.otherHint")}</p>
        {languages.filter((code) => code.code !== SOURCE_LANGUAGE).map(name)}
      </details>
      {money("fee", shown.fee)}
      {money("freeFrom", shown.freeFrom, t("deliveryZones.freeFromHint"))}
      <Choices legend={t("deliveryZones.weekdays")}>
        {ALL_WEEKDAYS.map((day) => (
          <Choice
            key={day}
            type="checkbox"
            name={weekdayField(day)}
            defaultChecked={kit.checked(weekdayField(day), shown.weekdays.includes(day))}
            label={t(`weekdays.${day}`)}
          />
        ))}
        {kit.problem("weekdays")}
      </Choices>
      <Field
        form={kit}
        name="earliest"
        label={t("deliveryZones.earliest")}
        hint={t("deliveryZones.earliestHint")}
      >
        {(control) => (
          <input
            name="earliest"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            maxLength={String(EARLIEST_MAX).length}
            defaultValue={kit.value("earliest", String(shown.earliest))}
            {...control}
          />
        )}
      </Field>
      <Choice
        type="checkbox"
        name="on"
        defaultChecked={kit.checked("on", shown.on)}
        label={t("deliveryZones.on")}
      />
      {used ? <p className="desk-hint">{t("deliveryZones.usedHint")}</p> : null}
      {kit.problem("lastOn")}
      {kit.problem("used")}
      {kit.problem("tooMany")}
    </DeliveryForm>
  );
}
