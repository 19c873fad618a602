/**
 * The shop's public contacts, shown in the header's contacts menu, the footer and the
 * policies. One place for the owner to change them.
 */
export const contacts = {
  email: "hello@kolkhida.ge",
  telegram: "kolkhida_shop",
  /** International format without "+", as WhatsApp links need it. */
  whatsapp: "995555123456",
} as const;

export const contactLinks = {
  email: `mailto:${contacts.email}`,
  telegram: `https://t.me/${contacts.telegram}`,
  whatsapp: `https://wa.me/${contacts.whatsapp}`,
} as const;

/**
 * The contacts as written for people. Latin or digits in every language: wherever one
 * meets translated text it is isolated (<bdi>, or `isolate` inside a translation), or a
 * right-to-left sentence turns "@kolkhida_shop" into "kolkhida_shop@".
 */
export const contactTexts = {
  email: contacts.email,
  telegram: `@${contacts.telegram}`,
  whatsapp: "+995 555 123 456",
} as const;
