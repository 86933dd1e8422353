import { newRsaKeyPair, type NewKeyPair } from "../../server/auth/keys";

let keyPair: ReturnType<NewKeyPair> | undefined;

/**
 * One RSA pair per worker for every test platform's signing key (each key still gets its own key
 * id, so a token names the platform that signed it): making a pair costs more CPU than most tests.
 */
export const reusedKeyPair: NewKeyPair = () => (keyPair ??= newRsaKeyPair());
