import type { Blueprint } from "./blueprint";

export const recipes: Blueprint = {
  key: "recipes",
  parts: ["RecipeCategory", "Author", "Recipe", "Ingredient", "Step", "Review"],
  publicRead: ["RecipeCategory", "Author", "Recipe", "Ingredient", "Step", "Review"],
  localizations: {
    en: {
      name: "Recipes",
      description: "A recipe collection: categories, recipes with ingredients and step-by-step instructions, authors and ratings.",
    },
    de: {
      name: "Rezepte",
      description: "Eine Rezeptsammlung: Kategorien, Rezepte mit Zutaten und Schritt-für-Schritt-Anleitung, Autorinnen und Autoren sowie Bewertungen.",
    },
  },
};
