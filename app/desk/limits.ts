/** Longest staff name the desk keeps (it shows beside everything the person does). */
export const STAFF_NAME_MAX = 60;
/** Longest name of a passkey ("Nino's phone"). */
export const PASSKEY_NAME_MAX = 60;
