import { useTranslation } from "react-i18next";
import { priceText } from "~/catalog/product-form";
import { holidaysText } from "~/delivery/zone-form";
import type { DeliveryWeek } from "~/delivery/zones";
import { Field } from "~/desk/form-answer";
import { DeliveryForm, ownAnswer, useDeliveryKit } from "./DeliveryForm";
import type { Answer } from "./answer";

const HOURS = Array.from({ length: 23 }, (_, index) => index + 1);
const hour = (value: number) => `${String(value).padStart(2, "0")}:00`;

/**
 * The shop-wide week: the cut-off hour in Tbilisi time, the holidays one DD.MM.YY a line
 * (and a button, a submit of its own, that fills in Georgia's public holidays), the
 * minimum order.
 */
export function WeekForm({
  week,
  answer,
  revision,
  owner,
}: {
  week: DeliveryWeek;
  answer: Answer | undefined;
  revision: number;
  owner: boolean;
}) {
  const { t } = useTranslation("desk");
  const kit = useDeliveryKit("week", ownAnswer(answer, "week"));
  return (
    <DeliveryForm
      form="week"
      title={t("deliveryZones.week")}
      answer={answer}
      revision={revision}
      owner={owner}
      intent="week"
      buttons={
        <button type="submit" name="intent" value="holidays" className="desk-button">
          {t("deliveryZones.fillHolidays")}
        </button>
      }
    >
      <Field
        form={kit}
        name="cutoff"
        label={t("deliveryZones.cutoff")}
        hint={t("deliveryZones.cutoffHint")}
      >
        {(control) => (
          <select
            name="cutoff"
            defaultValue={kit.value("cutoff", week.cutoffHour?.toString() ?? "")}
            {...control}
          >
            <option value="">{t("deliveryZones.cutoffNone")}</option>
            {HOURS.map((value) => (
              <option key={value} value={value}>
                {hour(value)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        form={kit}
        name="holidays"
        label={t("deliveryZones.holidays")}
        hint={t("deliveryZones.holidaysHint")}
      >
        {(control) => (
          <textarea
            name="holidays"
            dir="ltr"
            rows={6}
            defaultValue={kit.value("holidays", holidaysText(week.holidays))}
            {...control}
          />
        )}
      </Field>
      {kit.problem("holidaysMany")}
      <Field
        form={kit}
        name="minimum"
        label={t("deliveryZones.minimum")}
        hint={t("deliveryZones.minimumHint")}
      >
        {(control) => (
          <input
            name="minimum"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            maxLength={12}
            defaultValue={kit.value("minimum", priceText(week.minimum))}
            {...control}
          />
        )}
      </Field>
    </DeliveryForm>
  );
}
