/** Spec §5/§9: a logo of at most 1 MB, as JPG, SVG, PNG or WEBP. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MIME_TYPES = ["image/jpeg", "image/svg+xml", "image/png", "image/webp"] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];
/** What the file picker offers. */
export const LOGO_ACCEPT = ".jpg,.jpeg,.svg,.png,.webp," + LOGO_MIME_TYPES.join(",");

export type LogoProblem = "error_file_too_large" | "error_file_invalid_format";

export const isLogoMimeType = (mimeType: string): mimeType is LogoMimeType => (LOGO_MIME_TYPES as readonly string[]).includes(mimeType);

/** The picker's check before uploading; the server checks the same and the bytes themselves. */
export function checkLogoFile(file: { type: string; size: number }, maxBytes = LOGO_MAX_BYTES): LogoProblem | null {
  if (!isLogoMimeType(file.type)) return "error_file_invalid_format";
  if (file.size > maxBytes) return "error_file_too_large";
  return null;
}

/**
 * Whether the bytes are what the type claims (the file's own signature, not its name): a renamed
 * script or document is refused as an invalid format. SVG is text, so its start is looked at.
 */
export function bytesMatchLogoType(bytes: Uint8Array, mimeType: LogoMimeType): boolean {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  switch (mimeType) {
    case "image/png":
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case "image/jpeg":
      return starts(0xff, 0xd8, 0xff);
    case "image/webp":
      return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
    case "image/svg+xml": {
      const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "").trimStart();
      return head.startsWith("<svg") || ((head.startsWith("<?xml") || head.startsWith("<!--") || head.startsWith("<!DOCTYPE svg")) && head.includes("<svg"));
    }
  }
}
