/** Templates come in the console's language (spec §2 "Templates are localized"): DE or EN. */
export const templateLanguage = (locale: string): "DE" | "EN" => (locale.toLowerCase().startsWith("de") ? "DE" : "EN");
