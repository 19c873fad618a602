import { type RefObject, useEffect } from "react";
import {
  type CalendarDate,
  compareDates,
  isRealDate,
  parseIsoDate,
  parseShortDate,
  toIsoDate,
  toShortDate,
} from "~/platform/calendar";
import type { DeliveryWindow } from "./delivery-date";
import { lockIosZoom } from "./ios-zoom";

/**
 * The delivery date on an iPhone or iPad: Safari's own date picker, the form sending the
 * date as DD.MM.YY in a hidden field; and the zoom lock (./ios-zoom) on the form while it
 * is shown. Other devices never download it (D76's first-load budget): the form fetches it
 * once it knows it runs on one.
 */
export function IosDatePicker({
  container,
  date,
  first,
  window,
  invalid,
  onPick,
}: {
  /** The form, whose fields keep Safari from zooming while one has focus. */
  container: RefObject<HTMLElement>;
  /** DD.MM.YY, or what was typed before. */
  date: string;
  /** The first day the chosen area can take. */
  first: CalendarDate;
  window: DeliveryWindow;
  invalid?: true;
  onPick(date: string): void;
}) {
  useEffect(() => {
    const element = container.current;
    return element ? lockIosZoom(element) : undefined;
  }, [container]);
  return (
    <>
      <input
        id="deliveryTime"
        type="date"
        min={toIsoDate(first)}
        max={toIsoDate(window.max)}
        value={isoOf(date)}
        onChange={(event) => onPick(fromPicker(event.target.value, window))}
        aria-required="true"
        aria-invalid={invalid}
        aria-describedby="deliveryTime-hint"
      />
      <input type="hidden" name="deliveryTime" value={date} />
    </>
  );
}

function isoOf(shortDate: string): string {
  const date = parseShortDate(shortDate);
  return date && isRealDate(date) ? toIsoDate(date) : "";
}

/** The native picker's value as DD.MM.YY, a date below the minimum snapped up to it. */
function fromPicker(value: string, window: DeliveryWindow): string {
  const picked = parseIsoDate(value);
  if (!picked) return "";
  return toShortDate(compareDates(picked, window.min) < 0 ? window.min : picked);
}
