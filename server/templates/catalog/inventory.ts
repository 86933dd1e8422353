import type { Blueprint } from "./blueprint";

export const inventory: Blueprint = {
  key: "inventory",
  parts: ["Category", "Supplier", "Product", "Warehouse", "StockItem", "StockMovement", "PurchaseOrder"],
  localizations: {
    en: {
      name: "Inventory",
      description: "Products from suppliers, stock levels per warehouse, every goods movement and purchase orders for restocking.",
    },
    de: {
      name: "Lagerverwaltung",
      description: "Artikel von Lieferanten, Bestände je Lager, jede Warenbewegung und Bestellungen zum Nachfüllen.",
    },
  },
};
