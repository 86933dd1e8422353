import { createHash } from "node:crypto";
import { CSV_HEADER_MAX_BYTES } from "../../../src/domain/csv";
import type { ObjectStore } from "../../storage/objectStore";

/** The upload is larger than the limit; nothing is kept. */
export class UploadTooLarge extends Error {}

/** Bytes kept from the start of the file, to read the header and check what the file is. */
const HEAD_BYTES = CSV_HEADER_MAX_BYTES;

export interface StoredUpload {
  bytes: number;
  sha256: string;
  /** The file's text encoding: UTF-8 (or UTF-16 with its byte order mark), else Windows-1252 as Excel writes it. */
  encoding: string;
  /** The first characters, decoded. */
  head: string;
  /** The head is the whole file. */
  whole: boolean;
  /** A NUL byte in text other than UTF-16: not a CSV file. */
  binary: boolean;
}

function encodingOf(head: Buffer, validUtf8: boolean) {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return validUtf8 ? "utf-8" : "windows-1252";
}

/**
 * Streams a request body into the object store as it arrives (never whole in memory), counting
 * bytes against `maxBytes` and hashing it; a body beyond the limit stops the upload and stores
 * nothing. UTF-8 is checked on the way, so the import knows how to read the file.
 */
export async function storeUpload(objects: ObjectStore, key: string, body: AsyncIterable<Buffer>, maxBytes: number): Promise<StoredUpload> {
  const hash = createHash("sha256");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let validUtf8 = true;
  let bytes = 0;
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  async function* counted() {
    for await (const chunk of body) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new UploadTooLarge();
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        headChunks.push(chunk);
        headBytes += chunk.length;
      }
      if (validUtf8) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          validUtf8 = false;
        }
      }
      yield chunk;
    }
    if (validUtf8) {
      try {
        utf8.decode();
      } catch {
        validUtf8 = false;
      }
    }
  }
  await objects.putStream(key, counted());
  const head = Buffer.concat(headChunks).subarray(0, HEAD_BYTES);
  const encoding = encodingOf(head, validUtf8);
  return {
    bytes,
    sha256: hash.digest("hex"),
    encoding,
    head: new TextDecoder(encoding).decode(head),
    whole: bytes <= HEAD_BYTES,
    binary: !encoding.startsWith("utf-16") && head.includes(0),
  };
}
