import { enumOf, type Part } from "./part";

/** Real estate, libraries, health care and vehicles. */
export const places = {
  Property: {
    fields: {
      title: "String required",
      address: "String",
      city: "String",
      postalCode: "String",
      kind: enumOf("PropertyKind", ["APARTMENT", "HOUSE", "OFFICE", "RETAIL", "LAND"]),
      price: "Float",
      monthlyRent: "Float",
      livingArea: "Float",
      rooms: "Float",
      available: "Boolean",
    },
    belongsTo: ["PropertyOwner", "Agent"],
  },
  PropertyOwner: {
    fields: { name: "String required", email: "Email", phone: "Phone", address: "String" },
  },
  Agent: {
    fields: { name: "String required", email: "Email", phone: "Phone", agency: "String" },
  },
  Tenant: {
    fields: { firstName: "String required", lastName: "String required", email: "Email", phone: "Phone" },
  },
  Lease: {
    fields: { startDate: "Date required", endDate: "Date", monthlyRent: "Float required", deposit: "Float" },
    belongsTo: ["Property", "Tenant"],
  },
  Viewing: {
    fields: { scheduledAt: "DateTime required", notes: "String", interested: "Boolean" },
    belongsTo: ["Property", "Lead", "Agent"],
  },
  Repair: {
    fields: {
      title: "String required",
      description: "String",
      reportedAt: "DateTime",
      cost: "Float",
      status: enumOf("RepairStatus", ["OPEN", "IN_PROGRESS", "DONE"]),
    },
    belongsTo: ["Property", "Vehicle", "Tenant"],
  },
  Book: {
    fields: {
      title: "String required",
      isbn: "String unique",
      publishedYear: "Integer",
      format: enumOf("BookFormat", ["HARDCOVER", "PAPERBACK", "EBOOK", "AUDIOBOOK"]),
      language: "String",
      pages: "Integer",
      available: "Boolean",
    },
    belongsTo: ["Author", "Publisher"],
  },
  Publisher: {
    fields: { name: "String required", city: "String", website: "Url" },
  },
  Loan: {
    fields: { loanedAt: "Date required", dueDate: "Date required", returnedAt: "Date" },
    belongsTo: ["Book", "Member", "Vehicle"],
  },
  Patient: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      birthDate: "Date",
      insuranceNumber: "String",
      phone: "Phone",
      email: "Email",
    },
  },
  Doctor: {
    fields: { name: "String required", specialty: "String", email: "Email", phone: "Phone" },
  },
  Prescription: {
    fields: { medication: "String required", dosage: "String", issuedAt: "Date", validUntil: "Date" },
    belongsTo: ["Patient", "Doctor"],
  },
  Vehicle: {
    fields: {
      licensePlate: "String required unique",
      make: "String",
      model: "String",
      year: "Integer",
      mileage: "Integer",
    },
  },
  Driver: {
    fields: { name: "String required", licenseNumber: "String", phone: "Phone" },
  },
  Trip: {
    fields: { startedAt: "DateTime", endedAt: "DateTime", origin: "String", destination: "String", distanceKm: "Float" },
    belongsTo: ["Vehicle", "Driver"],
  },
} satisfies Record<string, Part>;
