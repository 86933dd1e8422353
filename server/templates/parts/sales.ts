import { enumOf, type Part } from "./part";
import { paymentMethod } from "./shared";

/** Customers, contacts and the sales pipeline. */
export const sales = {
  Customer: {
    fields: {
      name: "String required",
      email: "Email",
      phone: "Phone",
      company: "String",
      website: "Url",
      address: "String",
      customerNumber: "String unique",
    },
    belongsTo: ["Company"],
  },
  Company: {
    fields: { name: "String required", industry: "String", website: "Url", phone: "Phone", employeeCount: "Integer" },
  },
  Contact: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      email: "Email",
      phone: "Phone",
      position: "String",
    },
    belongsTo: ["Customer", "Company", "Supplier"],
  },
  Lead: {
    fields: {
      name: "String required",
      email: "Email",
      phone: "Phone",
      source: "String",
      status: enumOf("LeadStatus", ["NEW", "CONTACTED", "QUALIFIED", "CONVERTED", "LOST"]),
    },
    belongsTo: ["Company", "Employee"],
  },
  Deal: {
    fields: {
      title: "String required",
      value: "Float",
      stage: enumOf("DealStage", ["PROSPECTING", "PROPOSAL", "NEGOTIATION", "WON", "LOST"]),
      expectedCloseDate: "Date",
    },
    belongsTo: ["Customer", "Company", "Lead"],
  },
  Offer: {
    fields: {
      title: "String required",
      amount: "Float",
      validUntil: "Date",
      status: enumOf("OfferStatus", ["DRAFT", "SENT", "ACCEPTED", "REJECTED"]),
    },
    belongsTo: ["Customer", "Deal", "Contact"],
  },
  Invoice: {
    fields: {
      invoiceNumber: "String required unique",
      amount: "Float required",
      issueDate: "Date",
      dueDate: "Date",
      status: enumOf("InvoiceStatus", ["DRAFT", "SENT", "PAID", "OVERDUE", "CANCELLED"]),
    },
    belongsTo: ["Customer", "Order", "Project", "Member", "Patient"],
  },
  Payment: {
    fields: { amount: "Float required", paidAt: "DateTime", method: paymentMethod, reference: "String" },
    belongsTo: ["Invoice", "Order", "Member", "Customer"],
  },
  Interaction: {
    fields: {
      subject: "String required",
      kind: enumOf("InteractionKind", ["CALL", "EMAIL", "MEETING", "NOTE"]),
      notes: "String",
      happenedAt: "DateTime",
    },
    belongsTo: ["Customer", "Contact", "Lead", "Deal"],
  },
  Supplier: {
    fields: { name: "String required", email: "Email", phone: "Phone", website: "Url", address: "String" },
  },
  Contract: {
    fields: { title: "String required", startDate: "Date", endDate: "Date", value: "Float", signed: "Boolean" },
    belongsTo: ["Customer", "Supplier", "Employee"],
  },
} satisfies Record<string, Part>;
