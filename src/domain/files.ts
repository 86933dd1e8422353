/**
 * Rules for a project's files and cloud functions (spec §3 "Built-in tables", §5 "Files and
 * data", §7 "Files", §9). The console checks a name with them before it asks for an upload
 * intent; the server refuses the same names with the same functions.
 */

/** Spec §9 "List limits: cloud functions, files … 100". */
export const FILES_PAGE_SIZE = 100;
/** Spec §7 "Batch create file documents from the intents, in chunks of 25". */
export const FILE_BATCH_SIZE = 25;
/** The largest file one upload URL accepts unless LIMITS fileMaxBytes says otherwise. */
export const DEFAULT_FILE_MAX_BYTES = 25 * 1024 * 1024;
/**
 * The largest body uploadInlineFile takes, decoded (spec §7: cloud functions' code). It travels
 * in base64 inside a GraphQL request, which the server caps at 1 MiB.
 */
export const INLINE_FILE_MAX_BYTES = 512 * 1024;
/** Longest key, in characters: object stores commonly allow 1024 bytes. */
export const MAX_FILE_KEY_LENGTH = 512;

export const ACCESS_CONTROLS = ["public", "private"] as const;
export type AccessControl = (typeof ACCESS_CONTROLS)[number];

/**
 * Spec §5 "File names are normalised: characters other than letters, digits, slash and dot
 * become underscores." What is left of a path trick (`/etc`, `a/../b`) is refused by fileKeyProblem.
 */
export function normaliseFileKey(name: string): string {
  return name.replace(/[^A-Za-z0-9/.]/g, "_");
}

export type FileKeyProblem = "error_file_key_empty" | "error_file_key_too_long" | "error_file_key_invalid";

/**
 * Why a (normalised) key cannot name a file: empty, too long, or a path trick — an absolute
 * key, an empty, `.` or `..` segment — that could reach outside the project's files.
 */
export function fileKeyProblem(key: string): FileKeyProblem | null {
  if (key.length === 0) return "error_file_key_empty";
  if (key.length > MAX_FILE_KEY_LENGTH) return "error_file_key_too_long";
  if (key !== normaliseFileKey(key)) return "error_file_key_invalid";
  if (key.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) return "error_file_key_invalid";
  return null;
}

/** The last segment of a key: what the file list shows as its name. */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** A MIME type as `type/subtype` (parameters such as charset are not part of a file's type). */
export const isMimeType = (value: string) => /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/.test(value);

/** Spec §9 "Runtimes: Node.js 18 (default, for js, mjs and cjs), Python 3.10, Ruby 3.2". */
export const RUNTIME_BY_EXTENSION = {
  js: "nodejs18.x",
  mjs: "nodejs18.x",
  cjs: "nodejs18.x",
  py: "python3.10",
  rb: "ruby3.2",
} as const;

/** Spec §2, §5 "Cloud function upload accepts .js, .mjs, .cjs, .py and .rb". */
export const CLOUD_FUNCTION_EXTENSIONS = Object.keys(RUNTIME_BY_EXTENSION).map((extension) => `.${extension}`);

/** The runtime of a cloud function file, or null when its extension is not accepted. */
export function runtimeOf(fileName: string): string | null {
  const extension = fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase();
  return fileName.includes(".") && extension in RUNTIME_BY_EXTENSION ? RUNTIME_BY_EXTENSION[extension as keyof typeof RUNTIME_BY_EXTENSION] : null;
}
