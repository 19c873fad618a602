import { createContext, useContext } from "react";

/** This request's CSP nonce, for Remix's inline scripts; empty in the browser. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
