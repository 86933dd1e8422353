import type { Blueprint } from "./blueprint";

export const crm: Blueprint = {
  key: "crm",
  parts: ["Customer", "Contact", "Lead", "Deal", "Offer", "Interaction"],
  localizations: {
    en: {
      name: "CRM",
      description: "Customers and their contacts, leads, deals through the sales pipeline, offers and every call, mail and meeting.",
    },
    de: {
      name: "CRM",
      description: "Kunden und ihre Ansprechpartner, Leads, Verkaufschancen in der Pipeline, Angebote und jeder Anruf, jede Mail und jedes Treffen.",
    },
  },
};
