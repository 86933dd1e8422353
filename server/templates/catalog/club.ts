import type { Blueprint } from "./blueprint";

export const club: Blueprint = {
  key: "club",
  parts: ["Team", "Member", "Plan", "Membership", "Fee", "Event", "Registration"],
  publicRead: ["Team", "Event"],
  localizations: {
    en: {
      name: "Membership club",
      description: "Members in teams, membership plans and fees, and club events members sign up for.",
    },
    de: {
      name: "Verein",
      description: "Mitglieder in Mannschaften und Gruppen, Mitgliedschaften und Beiträge sowie Vereinsveranstaltungen mit Anmeldungen.",
    },
  },
};
