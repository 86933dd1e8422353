import { type } from "arktype";
import { isValidUrl } from "./url";

/** Workspace rules shared by the console and the server (spec §5, §8). */
export const ORG_NAME_MAX_LENGTH = 255;

/** Returns the spec's message key when the name is refused. */
export function validateOrgName(name: string): "error_org_requires_name" | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > ORG_NAME_MAX_LENGTH ? "error_org_requires_name" : null;
}

/**
 * A workspace's website (spec §5 "A workspace needs a name and a website"; website inputs must
 * be valid URLs). Empty clears it: workspace setup asks only for the name (docs/DECISIONS.md).
 */
export function validateOrgWebsite(website: string): "error_org_website_invalid" | null {
  const trimmed = website.trim();
  return trimmed === "" || isValidUrl(trimmed) ? null : "error_org_website_invalid";
}

/** The free-text areas of the data-processing record; each at most this long. */
export const DATA_PROCESSING_MAX_LENGTH = 10_000;

/** dataProcessingCategories, stored as a JSON string (spec §3 Org). */
export interface DataProcessingCategories {
  dataCategories: string;
  subjectCategories: string;
}

/** Reads the stored JSON; anything unreadable counts as empty. */
export function parseDataProcessing(json: string | null | undefined): DataProcessingCategories {
  try {
    const value = JSON.parse(json ?? "") as Partial<Record<keyof DataProcessingCategories, unknown>>;
    return {
      dataCategories: typeof value?.dataCategories === "string" ? value.dataCategories : "",
      subjectCategories: typeof value?.subjectCategories === "string" ? value.subjectCategories : "",
    };
  } catch {
    return { dataCategories: "", subjectCategories: "" };
  }
}

const DataProcessingRecord = type({
  dataCategories: "string <= 10000",
  subjectCategories: "string <= 10000",
});

/** Returns the message key when the sent JSON is not the record the settings page writes. */
export function validateDataProcessing(json: string): "error_org_data_processing_invalid" | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return "error_org_data_processing_invalid";
  }
  return DataProcessingRecord(value) instanceof type.errors ? "error_org_data_processing_invalid" : null;
}

export { deletionConfirmed } from "./deletion";
