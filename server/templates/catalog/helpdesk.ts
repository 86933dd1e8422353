import type { Blueprint } from "./blueprint";

export const helpdesk: Blueprint = {
  key: "helpdesk",
  parts: ["Customer", "Contact", "Employee", "Issue", "Comment"],
  localizations: {
    en: {
      name: "Help desk",
      description: "Support tickets from customers with priority and status, handled by your staff, with a comment thread per ticket.",
    },
    de: {
      name: "Helpdesk",
      description: "Supportanfragen von Kunden mit Priorität und Status, bearbeitet von Ihrem Team, mit Kommentarverlauf je Anfrage.",
    },
  },
};
