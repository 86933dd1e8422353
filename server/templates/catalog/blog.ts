import type { Blueprint } from "./blueprint";

export const blog: Blueprint = {
  key: "blog",
  parts: ["Author", "Category", "Post", "Comment", "Tag", "Subscriber"],
  publicRead: ["Author", "Category", "Post", "Comment", "Tag"],
  localizations: {
    en: {
      name: "Blog",
      description: "Posts by authors, sorted into categories and tags, with reader comments and newsletter subscribers.",
    },
    de: {
      name: "Blog",
      description: "Beiträge von Autorinnen und Autoren, sortiert nach Kategorien und Tags, mit Leserkommentaren und Newsletter-Abonnenten.",
    },
  },
};
