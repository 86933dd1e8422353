import type { Blueprint } from "./blueprint";

export const shop: Blueprint = {
  key: "shop",
  parts: ["Category", "Product", "Customer", "Address", "Order", "OrderItem", "Payment", "Shipment", "Review", "Coupon"],
  publicRead: ["Category", "Product", "Review"],
  localizations: {
    en: {
      name: "Online shop",
      description: "A product catalogue with categories and reviews, customers with addresses, orders with items, payments, shipments and coupons.",
    },
    de: {
      name: "Onlineshop",
      description: "Ein Produktkatalog mit Kategorien und Bewertungen, Kunden mit Adressen, Bestellungen mit Positionen, Zahlungen, Sendungen und Gutscheinen.",
    },
  },
};
