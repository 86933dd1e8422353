import { describe, expect, it } from "vitest";
import { validateOrgWebsite } from "../../src/domain/org";

// Spec §5: "URL: starts with sftp, ftp, http or https, then ://, with no spaces or quotes.
// Website inputs must be valid URLs." and "A workspace needs a name and a website."
describe("workspace website", () => {
  it("accepts sftp, ftp, http and https URLs, and an empty text (not set yet)", () => {
    for (const website of ["https://acme.example", "http://acme.example/a?b=c", "ftp://files.acme.example", "sftp://acme.example", "", "  "]) {
      expect(validateOrgWebsite(website)).toBeNull();
    }
  });

  it("refuses anything else", () => {
    for (const website of ["acme.example", "mailto:a@acme.example", "https://acme example", "https://'acme'", "javascript:alert(1)", `https://${"a".repeat(2050)}`]) {
      expect(validateOrgWebsite(website)).toBe("error_org_website_invalid");
    }
  });
});
