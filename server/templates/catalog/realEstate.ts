import type { Blueprint } from "./blueprint";

export const realEstate: Blueprint = {
  key: "realEstate",
  parts: ["PropertyOwner", "Agent", "Property", "Image", "Lead", "Viewing", "Tenant", "Lease", "Repair"],
  publicRead: ["Property", "Image"],
  localizations: {
    en: {
      name: "Real estate",
      description: "Properties with owners, agents and photos, prospects and viewings, tenants with leases and repair requests.",
    },
    de: {
      name: "Immobilien",
      description: "Immobilien mit Eigentümern, Maklern und Fotos, Interessenten und Besichtigungen, Mieter mit Mietverträgen und Reparaturmeldungen.",
    },
  },
};
