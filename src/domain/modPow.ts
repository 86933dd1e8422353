/**
 * base^exponent mod modulus by square-and-multiply on BigInt: the server's SRP where OpenSSL does
 * not take the numbers (server/auth/srp.ts) and the console's sign-in (src/session/srpModPow.ts).
 * A negative base gives a negative residue, as `%` does.
 */
export function bigIntModPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}
