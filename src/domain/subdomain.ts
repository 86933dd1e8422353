/** German letters spelled out as in names (names.ts), so "München" keeps its letters. */
const GERMAN_LETTERS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * Spec §5 "Subdomain: trimmed, lowercased, spaces to dashes, the rest stripped": what a
 * subdomain input keeps of what was typed — lowercase letters a–z, digits and dashes, each
 * space a dash. Accents are dropped and German letters spelled out first ("Café Müller" →
 * "cafe-mueller") rather than losing the letter.
 */
export function sanitizeSubdomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter])
    .normalize("NFD")
    .replace(/ /g, "-")
    .replace(/[^a-z0-9-]/g, "");
}
