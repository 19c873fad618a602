/** A Georgian mobile number as an SMS gateway takes it (995 and nine digits), or null. */
export function smsNumber(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, "");
  const match = /^(?:\+?995|00995|0)?([1-9]\d{8})$/.exec(digits);
  return match ? `995${match[1]}` : null;
}
