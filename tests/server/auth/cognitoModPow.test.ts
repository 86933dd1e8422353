import { describe, expect, it } from "vitest";
import { N } from "../../../server/auth/srp";
import { JsbnInteger, libraryModPow } from "../../support/cognitoModPow";
import { seededRandom } from "../../support/seededRandom";

/**
 * The server tests' amazon-cognito-identity-js computes modPow by OpenSSL (tests/setupNode.ts):
 * it must answer exactly as the library's own jsbn modPow, or those tests would prove a client
 * that does not exist. Generated cases: SRP's group and other odd moduli, bases above the
 * modulus and negative ones (the library raises B − k·v, which can be negative), exponents from
 * 0 up to the size SRP uses.
 */
describe("amazon-cognito-identity-js's modPow in the server tests", () => {
  const random = seededRandom(20261128);
  const bits = (count: number) => {
    let value = 0n;
    for (let n = 0; n < count; n += 16) value = (value << 16n) | BigInt(Math.floor(random() * 65536));
    return value >> BigInt(Math.max(0, Math.ceil(count / 16) * 16 - count));
  };
  const jsbn = (value: bigint) => new JsbnInteger(value < 0n ? `-${(-value).toString(16)}` : value.toString(16), 16);

  it("is the library's own: the same number and the same callback, for 160 generated cases", () => {
    expect(JsbnInteger.prototype.modPow).not.toBe(libraryModPow);
    for (let n = 0; n < 160; n++) {
      const modulus = n % 2 === 0 ? N : bits(64 + Math.floor(random() * 960)) | 1n | (1n << 63n);
      const base = (n % 5 === 0 ? -1n : 1n) * bits(Math.floor(random() * 3200));
      const exponent = n % 17 === 0 ? 0n : bits(Math.floor(random() * (n % 3 === 0 ? 1100 : 260)));
      const answers: string[] = [];
      const fast = JsbnInteger.prototype.modPow.call(jsbn(base), jsbn(exponent), jsbn(modulus), (_error, result) => answers.push(result.toString(16)));
      const library = libraryModPow.call(jsbn(base), jsbn(exponent), jsbn(modulus), (_error, result) => answers.push(result.toString(16)));
      expect(fast.toString(16), `case ${n}`).toBe(library.toString(16));
      expect(answers.length, `case ${n}: both call back, or neither`).toBe(exponent === 0n ? 0 : 2);
      if (answers.length === 2) expect(answers[0], `case ${n}`).toBe(answers[1]);
    }
  });
});
