import { createRequire } from "node:module";
import { modPow } from "../../server/auth/srp";

/*
 * amazon-cognito-identity-js computes SRP's modular exponentiations (three per sign-in, on the
 * 3072-bit group) in its own JavaScript big-number library, jsbn's modPow: in the server tests
 * that drive the library it was more than half of all CPU. There, modPow alone is computed by
 * OpenSSL as the server computes it (server/auth/srp.ts); everything else the library does —
 * hashing, padding, proofs, its calls — runs unmodified. tests/server/auth/cognitoModPow.test.ts
 * checks the two agree on generated numbers, and the e2e tests run the library untouched.
 */

interface JsbnNumber {
  toString(radix: number): string;
  bitLength(): number;
}
type JsbnModPow = (this: JsbnNumber, exponent: JsbnNumber, modulus: JsbnNumber, callback?: (error: null, result: JsbnNumber) => void) => JsbnNumber;

const LIBRARY: unique symbol = Symbol.for("baukasten.jsbnModPow");

const JsbnInteger = createRequire(import.meta.url)("amazon-cognito-identity-js/lib/BigInteger.js").default as {
  new (hex: string, radix: number): JsbnNumber;
  prototype: { modPow: JsbnModPow & { [LIBRARY]?: JsbnModPow } };
};

/** The library's own modPow, also after `useNativeModPow`. */
export const libraryModPow: JsbnModPow = JsbnInteger.prototype.modPow[LIBRARY] ?? JsbnInteger.prototype.modPow;

const toBigInt = (value: JsbnNumber) => {
  const hex = value.toString(16);
  return hex.startsWith("-") ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
};

/**
 * this^exponent mod modulus as jsbn answers it: a negative base counts as its residue in
 * [0, modulus), and a zero exponent returns 1 without calling back (jsbn does the same).
 */
const nativeModPow: JsbnModPow = function (exponent, modulus, callback) {
  const m = toBigInt(modulus);
  const e = toBigInt(exponent);
  if (exponent.bitLength() <= 0) return new JsbnInteger("1", 16);
  const base = ((toBigInt(this) % m) + m) % m;
  const result = new JsbnInteger(modPow(base, e, m).toString(16), 16);
  callback?.(null, result);
  return result;
};

/** Swaps the library's modPow for OpenSSL's, once per process. */
export function useNativeModPow() {
  if (JsbnInteger.prototype.modPow[LIBRARY]) return;
  JsbnInteger.prototype.modPow = Object.assign(nativeModPow, { [LIBRARY]: libraryModPow });
}

export { JsbnInteger };
