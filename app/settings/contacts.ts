import type { Contacts } from "./model";

/**
 * The shop's public contacts as the owner set them (`/desk/settings`), for the header's
 * contacts menu, the footer and the policies. An empty contact is not shown.
 */
export interface ContactLinks {
  email: string | null;
  telegram: string | null;
  whatsapp: string | null;
  phone: string | null;
}

export function contactLinksOf(contacts: Contacts): ContactLinks {
  const digits = (phone: string) => phone.replace(/\D/g, "");
  return {
    email: contacts.email ? `mailto:${contacts.email}` : null,
    telegram: contacts.telegram ? `https://t.me/${contacts.telegram}` : null,
    // International format without "+", as WhatsApp links need it.
    whatsapp: contacts.whatsapp ? `https://wa.me/${digits(contacts.whatsapp)}` : null,
    phone: contacts.phone ? `tel:+${digits(contacts.phone)}` : null,
  };
}

/**
 * The contacts as written for people. Latin or digits in every language: wherever one
 * meets translated text it is isolated (<bdi>, or `isolate` inside a translation), or a
 * right-to-left sentence turns "@kolkhida_shop" into "kolkhida_shop@".
 */
export function contactTextsOf(contacts: Contacts): Contacts {
  return { ...contacts, telegram: contacts.telegram ? `@${contacts.telegram}` : "" };
}
