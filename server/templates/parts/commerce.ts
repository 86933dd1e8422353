import { enumOf, type Part } from "./part";

/** Selling things: catalogue, orders, delivery. */
export const commerce = {
  Product: {
    fields: {
      name: "String required",
      description: "String",
      price: "Float required",
      sku: "String unique",
      stock: "Integer",
      imageUrl: "Url",
      active: "Boolean",
    },
    belongsTo: ["Category", "Brand", "Supplier"],
  },
  Category: {
    fields: { name: "String required", slug: "String unique", description: "String" },
  },
  Brand: {
    fields: { name: "String required", website: "Url", logoUrl: "Url" },
  },
  Order: {
    fields: {
      orderNumber: "String required unique",
      orderedAt: "DateTime",
      status: enumOf("OrderStatus", ["PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"]),
      total: "Float",
      shippingAddress: "String",
    },
    belongsTo: ["Customer", "Member"],
  },
  OrderItem: {
    fields: { quantity: "Integer required", unitPrice: "Float" },
    belongsTo: ["Order", "Product"],
  },
  Cart: {
    fields: { checkedOut: "Boolean", total: "Float" },
    belongsTo: ["Customer", "User"],
  },
  Review: {
    fields: { rating: "Integer required", title: "String", text: "String", authorName: "String" },
    belongsTo: ["Product", "Customer", "Recipe", "Book"],
  },
  Coupon: {
    fields: { code: "String required unique", discountPercent: "Float", validUntil: "Date", active: "Boolean" },
  },
  Shipment: {
    fields: {
      trackingNumber: "String",
      carrier: "String",
      shippedAt: "DateTime",
      deliveredAt: "DateTime",
      status: enumOf("ShipmentStatus", ["PREPARING", "IN_TRANSIT", "DELIVERED", "RETURNED"]),
    },
    belongsTo: ["Order"],
  },
  Address: {
    fields: { street: "String required", postalCode: "String", city: "String required", country: "String" },
    belongsTo: ["Customer", "Member", "Contact"],
  },
  Warehouse: {
    fields: { name: "String required", address: "String", city: "String" },
  },
  StockItem: {
    fields: { quantity: "Integer required", reorderLevel: "Integer", location: "String" },
    belongsTo: ["Product", "Warehouse"],
  },
  StockMovement: {
    fields: {
      quantity: "Integer required",
      direction: enumOf("MovementDirection", ["IN", "OUT", "ADJUSTMENT"]),
      movedAt: "DateTime",
      reason: "String",
    },
    belongsTo: ["Product", "Warehouse"],
  },
  PurchaseOrder: {
    fields: {
      orderNumber: "String required unique",
      orderedAt: "Date",
      expectedAt: "Date",
      status: enumOf("PurchaseOrderStatus", ["DRAFT", "ORDERED", "RECEIVED", "CANCELLED"]),
    },
    belongsTo: ["Supplier", "Warehouse"],
  },
} satisfies Record<string, Part>;
