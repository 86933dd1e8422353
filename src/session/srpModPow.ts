import BigInteger from "amazon-cognito-identity-js/es/BigInteger";
import { bigIntModPow } from "../domain/modPow";

/*
 * amazon-cognito-identity-js computes SRP's three exponentiations per sign-in (on a 3072-bit
 * group) in its own JavaScript big-number library, jsbn: about 0.2 s of CPU each on a desktop,
 * several times that on a phone. The engine's BigInt does the same in a seventh of the time, so
 * the library's modPow is computed with it; everything else the library does (hashing, padding,
 * proofs, its calls) is unchanged. tests/server/auth/srpModPow.test.ts checks both agree.
 */

/** The library's numbers, as far as modPow needs them. */
export interface JsbnNumber {
  toString(radix: number): string;
  bitLength(): number;
}
type Callback = (error: null, result: JsbnNumber) => void;
export type JsbnModPow = (this: JsbnNumber, exponent: JsbnNumber, modulus: JsbnNumber, callback?: Callback) => JsbnNumber;
export interface JsbnClass {
  new (text: string, radix: number): JsbnNumber;
  prototype: { modPow: JsbnModPow };
}

const toBigInt = (value: JsbnNumber) => {
  const hex = value.toString(16);
  return hex.startsWith("-") ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
};

const LIBRARY: unique symbol = Symbol.for("baukasten.jsbnModPow");
type Patched = JsbnModPow & { [LIBRARY]?: JsbnModPow };

/** The library's own modPow, also once it has been replaced. */
export function libraryModPow(Jsbn: JsbnClass): JsbnModPow {
  return (Jsbn.prototype.modPow as Patched)[LIBRARY] ?? Jsbn.prototype.modPow;
}

/**
 * Replaces the library's modPow (once) by `modPow` over BigInt, answering as jsbn does: a negative
 * base counts as its residue in [0, modulus) (the library raises B − k·v, which can be negative),
 * and a zero exponent returns 1 without calling back.
 */
export function replaceModPow(Jsbn: JsbnClass, modPow: (base: bigint, exponent: bigint, modulus: bigint) => bigint = bigIntModPow) {
  if ((Jsbn.prototype.modPow as Patched)[LIBRARY]) return;
  const library = Jsbn.prototype.modPow;
  const native: JsbnModPow = function (exponent, modulus, callback) {
    if (exponent.bitLength() <= 0) return new Jsbn("1", 16);
    const m = toBigInt(modulus);
    const result = new Jsbn(modPow(((toBigInt(this) % m) + m) % m, toBigInt(exponent), m).toString(16), 16);
    callback?.(null, result);
    return result;
  };
  Jsbn.prototype.modPow = Object.assign(native, { [LIBRARY]: library });
}

replaceModPow(BigInteger);
