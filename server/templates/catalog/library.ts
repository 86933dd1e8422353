import type { Blueprint } from "./blueprint";

export const library: Blueprint = {
  key: "library",
  parts: ["Author", "Publisher", "Book", "Member", "Loan", "Review"],
  publicRead: ["Author", "Publisher", "Book"],
  localizations: {
    en: {
      name: "Library",
      description: "Books with authors and publishers, library members, loans with due dates and reader reviews.",
    },
    de: {
      name: "Bibliothek",
      description: "Bücher mit Autorinnen, Autoren und Verlagen, Mitglieder der Bibliothek, Ausleihen mit Rückgabedatum und Leserbewertungen.",
    },
  },
};
