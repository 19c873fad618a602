import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";

// The browser's half of the desk's passkeys: ask the server for options, let the
// browser make or use the passkey, send the answer back. Both steps are same-site form
// posts, so the server's cross-site guard and form size cap apply as to any form.

export { browserSupportsWebAuthn as browserCanUsePasskeys };

function post(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    credentials: "same-origin",
  });
}

/** The person closed the browser's dialog, or it timed out: nothing to apologise for. */
function wasCancelled(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")
  );
}

export type AddPasskeyOutcome = "added" | "cancelled" | "exists" | "name" | "failed";

const REGISTER_URL = "/desk/passkeys/new";

/** Adds a passkey of the signed-in staff member on this device, named `name`. */
export async function addPasskeyOnThisDevice(name: string): Promise<AddPasskeyOutcome> {
  try {
    const offer = await post(REGISTER_URL, { step: "options" });
    if (!offer.ok) return "failed";
    const { options } = (await offer.json()) as { options: PublicKeyCredentialCreationOptionsJSON };
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      response = await startRegistration({ optionsJSON: options });
    } catch (error) {
      if (
        error instanceof WebAuthnError &&
        error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
      )
        return "exists";
      return wasCancelled(error) ? "cancelled" : "failed";
    }
    const answer = await post(REGISTER_URL, {
      step: "verify",
      name,
      response: JSON.stringify(response),
    });
    const result = (await answer.json()) as { ok: boolean; reason?: string };
    if (result.ok) return "added";
    return result.reason === "name" ? "name" : "failed";
  } catch {
    return "failed";
  }
}

export type PasskeySignInOutcome = "signed-in" | "cancelled" | "refused" | "failed";

const SIGN_IN_URL = "/desk/sign-in/passkey";

/** Signs in with one of this device's passkeys; the session cookie comes with the answer. */
export async function signInWithPasskeyOnThisDevice(): Promise<PasskeySignInOutcome> {
  try {
    const offer = await post(SIGN_IN_URL, { step: "options" });
    if (!offer.ok) return "failed";
    const { options } = (await offer.json()) as { options: PublicKeyCredentialRequestOptionsJSON };
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({ optionsJSON: options });
    } catch (error) {
      return wasCancelled(error) ? "cancelled" : "failed";
    }
    const answer = await post(SIGN_IN_URL, { step: "verify", response: JSON.stringify(response) });
    if (answer.ok) return "signed-in";
    const result = (await answer.json()) as { reason?: string };
    return result.reason === "unknown" || result.reason === "disabled" ? "refused" : "failed";
  } catch {
    return "failed";
  }
}
