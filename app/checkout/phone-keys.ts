import type { KeyboardEvent } from "react";
import { PHONE_PREFIX } from "./fields";

/**
 * The phone field's prefix cannot be deleted and a "+" cannot be typed (the mask would
 * undo both anyway). Part of the form's typing rules (./typing), fetched with the masks.
 */
export function guardPhonePrefix(event: KeyboardEvent<HTMLInputElement>) {
  const { selectionStart, selectionEnd } = event.currentTarget;
  const collapsed = selectionStart === selectionEnd;
  const prefixEnd = PHONE_PREFIX.length + 1;
  const erasesPrefix =
    collapsed &&
    ((event.key === "Backspace" && (selectionStart ?? 0) <= prefixEnd) ||
      (event.key === "Delete" && (selectionStart ?? 0) < prefixEnd));
  if (event.key === "+" || erasesPrefix) event.preventDefault();
}
