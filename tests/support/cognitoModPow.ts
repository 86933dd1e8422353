import { createRequire } from "node:module";
import { modPow } from "../../server/auth/srp";
import { replaceModPow, type JsbnClass } from "../../src/session/srpModPow";

/*
 * Node loads amazon-cognito-identity-js's CommonJS build (lib/), whose big-number class is not
 * the one the console's bundle patches (es/, src/session/srpModPow.ts). In the server tests that
 * drive the library its modPow is computed by OpenSSL, as the server computes it
 * (server/auth/srp.ts): jsbn's modPow was more than half of those files' CPU.
 * tests/server/auth/srpModPow.test.ts checks both builds answer as the library's own.
 */
export const CommonJsJsbn = createRequire(import.meta.url)("amazon-cognito-identity-js/lib/BigInteger.js").default as JsbnClass;

export const useNativeModPow = () => replaceModPow(CommonJsJsbn, modPow);
