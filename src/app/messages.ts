/**
 * The app page's texts in English and German (the browser's language decides). Kept here rather
 * than in locales/*.json: the page is its own small bundle and must not carry the console's texts.
 */
const en = {
  signIn: "Sign in",
  signUp: "Create account",
  signOut: "Sign out",
  email: "Email",
  password: "Password",
  code: "Code from the email",
  confirm: "Confirm",
  haveAccount: "I already have an account",
  needAccount: "Create an account",
  codeSent: "We sent a code to {email}. Enter it to confirm your account.",
  confirmed: "Your account is confirmed. Sign in now.",
  menu: "Menu",
  noViews: "This app has no views yet.",
  noUserPool: "This app cannot sign anyone in yet: its project is not published with user sign-in.",
  tableMissing: "The table of this view no longer exists in the project. Ask the app's maker to update the app.",
  loading: "Loading…",
  empty: "No entries.",
  previous: "Previous",
  next: "Next",
  page: "Page {page}",
  create: "New entry",
  edit: "Edit",
  open: "Open",
  save: "Save",
  cancel: "Cancel",
  saved: "Saved.",
  chooseEntry: "Open an entry from a table view to see it here.",
  chatbotMissing: "Chatbot views are not available in this version.",
  actions: "Actions",
  notFound: "Entry not found.",
  delete: "Delete",
  confirmDelete: "Delete “{entry}”? This cannot be undone.",
  deleted: "Deleted.",
  noRelated: "None.",
  filtered: "This view shows only the entries its filter selects.",
} as const;
type Key = keyof typeof en;

const de: Record<Key, string> = {
  signIn: "Anmelden",
  signUp: "Konto anlegen",
  signOut: "Abmelden",
  email: "E-Mail",
  password: "Passwort",
  code: "Code aus der E-Mail",
  confirm: "Bestätigen",
  haveAccount: "Ich habe schon ein Konto",
  needAccount: "Konto anlegen",
  codeSent: "Wir haben einen Code an {email} geschickt. Gib ihn ein, um dein Konto zu bestätigen.",
  confirmed: "Dein Konto ist bestätigt. Melde dich jetzt an.",
  menu: "Menü",
  noViews: "Diese App hat noch keine Ansichten.",
  noUserPool: "Diese App kann noch niemanden anmelden: Ihr Projekt ist nicht mit Benutzeranmeldung veröffentlicht.",
  tableMissing: "Die Tabelle dieser Ansicht gibt es im Projekt nicht mehr. Bitte die Person, die die App gebaut hat, sie anzupassen.",
  loading: "Lädt …",
  empty: "Keine Einträge.",
  previous: "Zurück",
  next: "Weiter",
  page: "Seite {page}",
  create: "Neuer Eintrag",
  edit: "Bearbeiten",
  open: "Öffnen",
  save: "Speichern",
  cancel: "Abbrechen",
  saved: "Gespeichert.",
  chooseEntry: "Öffne einen Eintrag aus einer Tabellenansicht, um ihn hier zu sehen.",
  chatbotMissing: "Chatbot-Ansichten gibt es in dieser Version noch nicht.",
  actions: "Aktionen",
  notFound: "Eintrag nicht gefunden.",
  delete: "Löschen",
  confirmDelete: "„{entry}“ löschen? Das lässt sich nicht rückgängig machen.",
  deleted: "Gelöscht.",
  noRelated: "Keine.",
  filtered: "Diese Ansicht zeigt nur die Einträge, die ihr Filter auswählt.",
};

export const language: "en" | "de" = (navigator.languages?.[0] ?? navigator.language ?? "en").toLowerCase().startsWith("de") ? "de" : "en";

export function t(key: Key, values: Record<string, string | number> = {}): string {
  const text: string = (language === "de" ? de : en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}
