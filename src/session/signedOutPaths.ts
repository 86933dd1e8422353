/** The pages a signed-out visitor uses; the router mounts them and a new tab shows them at once. */
export const SIGNED_OUT_PATHS = ["/login", "/signup", "/signup-code-entry", "/password-reset"] as const;
export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

export function isSignedOutPath(pathname: string): boolean {
  return (SIGNED_OUT_PATHS as readonly string[]).includes(pathname);
}
