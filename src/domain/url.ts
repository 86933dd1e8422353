/** Spec §5 "URL": sftp, ftp, http or https, then ://, with no spaces or quotes. */
const URL_PATTERN = /^(sftp|ftp|http|https):\/\/[^\s"']+$/;

/** Longest URL accepted; longer input is refused, never cut. */
export const URL_MAX_LENGTH = 2048;

export function isValidUrl(value: string): boolean {
  return value.length <= URL_MAX_LENGTH && URL_PATTERN.test(value);
}
