import { enumOf, type Part } from "./part";

/** Cooking and restaurants. */
export const food = {
  Recipe: {
    fields: {
      title: "String required",
      description: "String",
      instructions: "String",
      prepMinutes: "Integer",
      servings: "Integer",
      difficulty: enumOf("Difficulty", ["EASY", "MEDIUM", "HARD"]),
      vegetarian: "Boolean",
      imageUrl: "Url",
    },
    belongsTo: ["RecipeCategory", "Author", "User"],
  },
  RecipeCategory: {
    fields: { name: "String required", description: "String" },
  },
  Ingredient: {
    fields: { name: "String required", quantity: "Float", unit: "String" },
    belongsTo: ["Recipe", "Dish"],
  },
  Step: {
    fields: { position: "Integer required", instruction: "String required", durationMinutes: "Integer" },
    belongsTo: ["Recipe"],
  },
  Restaurant: {
    fields: { name: "String required", address: "String", phone: "Phone", cuisine: "String", website: "Url" },
  },
  Menu: {
    fields: { name: "String required", validFrom: "Date", validUntil: "Date" },
    belongsTo: ["Restaurant"],
  },
  Dish: {
    fields: { name: "String required", description: "String", price: "Float", vegetarian: "Boolean", allergens: "ListString" },
    belongsTo: ["Menu", "Restaurant"],
  },
} satisfies Record<string, Part>;
