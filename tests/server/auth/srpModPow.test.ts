// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import ConsoleJsbn from "amazon-cognito-identity-js/es/BigInteger";
import { N } from "../../../server/auth/srp";
import { libraryModPow, type JsbnClass } from "../../../src/session/srpModPow";
import { CommonJsJsbn } from "../../support/cognitoModPow";
import { seededRandom } from "../../support/seededRandom";

/**
 * amazon-cognito-identity-js's modPow is computed by BigInt in the console (its es build) and by
 * OpenSSL in the server tests (its CommonJS build). Each must answer exactly as the library's own
 * jsbn modPow, or sign-ins would fail (or the tests would prove a client that does not exist).
 * Generated cases: SRP's group and other odd moduli, bases above the modulus and negative ones
 * (the library raises B − k·v), exponents from 0 up to the size SRP uses.
 */
const builds: [string, JsbnClass][] = [
  ["the console's (es, BigInt)", ConsoleJsbn],
  ["the server tests' (CommonJS, OpenSSL)", CommonJsJsbn],
];

describe.each(builds)("amazon-cognito-identity-js's modPow, %s", (_name, Jsbn) => {
  it("answers as the library's own: the same number and the same callback, for 48 generated cases", () => {
    const random = seededRandom(20261128);
    const bits = (count: number) => {
      let value = 0n;
      for (let n = 0; n < count; n += 16) value = (value << 16n) | BigInt(Math.floor(random() * 65536));
      return value >> BigInt(Math.ceil(count / 16) * 16 - count);
    };
    const jsbn = (value: bigint) => new Jsbn(value < 0n ? `-${(-value).toString(16)}` : value.toString(16), 16);
    const library = libraryModPow(Jsbn);
    expect(Jsbn.prototype.modPow).not.toBe(library);
    for (let n = 0; n < 48; n++) {
      const modulus = n % 2 === 0 ? N : bits(64 + Math.floor(random() * 960)) | 1n | (1n << 63n);
      const base = (n % 5 === 0 ? -1n : 1n) * bits(Math.floor(random() * 3200));
      const exponent = n % 17 === 0 ? 0n : bits(Math.floor(random() * (n % 6 === 0 ? 1100 : 260)));
      const answers: string[] = [];
      const ours = Jsbn.prototype.modPow.call(jsbn(base), jsbn(exponent), jsbn(modulus), (_error, result) => answers.push(result.toString(16)));
      const theirs = library.call(jsbn(base), jsbn(exponent), jsbn(modulus), (_error, result) => answers.push(result.toString(16)));
      expect(ours.toString(16), `case ${n}`).toBe(theirs.toString(16));
      expect(answers.length, `case ${n}: both call back, or neither`).toBe(exponent === 0n ? 0 : 2);
      if (answers.length === 2) expect(answers[0], `case ${n}`).toBe(answers[1]);
    }
  });
});
