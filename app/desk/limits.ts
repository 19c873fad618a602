/** Longest staff name the desk keeps (it shows beside everything the person does). */
export const STAFF_NAME_MAX = 60;
/** Longest private note or status note. */
export const NOTE_MAX = 1000;
/** Longest name of a passkey ("Nino's phone"). */
export const PASSKEY_NAME_MAX = 60;
