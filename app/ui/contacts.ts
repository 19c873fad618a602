import { type ContactLinks, contactLinksOf, contactTextsOf } from "~/settings/contacts";
import type { Contacts } from "~/settings/model";
import { useRootData } from "./root-data";

const NONE: Contacts = { email: "", telegram: "", whatsapp: "", phone: "" };

/** The contacts of the page being shown, from the root loader. */
export function useContacts(): { links: ContactLinks; texts: Contacts } {
  const contacts = useRootData()?.contacts ?? NONE;
  return { links: contactLinksOf(contacts), texts: contactTextsOf(contacts) };
}
