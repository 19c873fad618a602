/**
 * What one attempt to hand a message to its carrier (an SMS gateway, an SMTP server)
 * came to (D87). `permanent` failures are not retried: the number is stop-listed, the key
 * is wrong, the balance is spent, the address does not exist. Everything else (no answer,
 * a timeout, "try later") is, with the outbox's backoff. `error` never holds a key, a
 * password or a message's text.
 */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };
