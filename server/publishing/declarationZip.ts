import JSZip from "jszip";

/** The one file inside a declaration zip. */
const ENTRY = "declaration.json";

/** Spec §4: 'Publishing uploads the api declaration as a zip of a JSON file'. */
export async function zipDeclaration(schema: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(ENTRY, schema);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

/** The declaration's JSON text, or null when the bytes are not a declaration zip. */
export async function unzipDeclaration(bytes: Uint8Array): Promise<string | null> {
  try {
    const zip = await JSZip.loadAsync(bytes);
    return (await zip.file(ENTRY)?.async("string")) ?? null;
  } catch {
    return null;
  }
}

/** Where a run's declaration lies in object storage. */
export const declarationKey = (apiId: string, runId: string) => `declarations/${apiId}/${runId}.zip`;
