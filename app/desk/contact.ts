export interface MessengerLinks {
  call: string;
  whatsApp: string;
  /** Only when the shopper gave a Telegram username. */
  telegram: string | null;
}

/**
 * How staff reach a shopper from the order page: a call, WhatsApp on the same number,
 * and Telegram when the messenger field holds a username (`@name`, `t.me/name`).
 */
export function messengerLinks(phone: string, messenger: string | null): MessengerLinks {
  const digits = phone.replace(/\D+/g, "");
  const username = /^(?:@|(?:https?:\/\/)?t\.me\/)([A-Za-z]\w{3,31})$/.exec(
    messenger?.trim() ?? "",
  )?.[1];
  return {
    call: `tel:+${digits}`,
    whatsApp: `https://wa.me/${digits}`,
    telegram: username ? `https://t.me/${username}` : null,
  };
}
