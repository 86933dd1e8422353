import { enumOf, type Part } from "./part";

/** Clubs, gyms and non-profits. */
export const community = {
  Member: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      email: "Email",
      phone: "Phone",
      birthDate: "Date",
      joinedAt: "Date",
      active: "Boolean",
    },
    belongsTo: ["Team"],
  },
  Plan: {
    fields: {
      name: "String required",
      price: "Float required",
      billingInterval: enumOf("BillingInterval", ["MONTHLY", "QUARTERLY", "YEARLY"]),
      description: "String",
    },
  },
  Membership: {
    fields: {
      startDate: "Date required",
      endDate: "Date",
      status: enumOf("MembershipStatus", ["ACTIVE", "PAUSED", "CANCELLED"]),
    },
    belongsTo: ["Member", "Plan"],
  },
  Fee: {
    fields: { amount: "Float required", period: "String", dueDate: "Date", paid: "Boolean" },
    belongsTo: ["Member", "Membership"],
  },
  Trainer: {
    fields: { name: "String required", email: "Email", phone: "Phone", specialty: "String" },
  },
  Workout: {
    fields: { title: "String required", startsAt: "DateTime", durationMinutes: "Integer", notes: "String" },
    belongsTo: ["Member", "Trainer"],
  },
  CheckIn: {
    fields: { checkedInAt: "DateTime required", checkedOutAt: "DateTime" },
    belongsTo: ["Member"],
  },
  Attendance: {
    fields: { date: "Date required", present: "Boolean", note: "String" },
    belongsTo: ["Member", "Student", "Event", "Lesson"],
  },
  Donor: {
    fields: { name: "String required", email: "Email", phone: "Phone", address: "String" },
  },
  Donation: {
    fields: { amount: "Float required", donatedAt: "Date", purpose: "String", receiptSent: "Boolean" },
    belongsTo: ["Donor", "Member", "Campaign"],
  },
  Campaign: {
    fields: { name: "String required", goal: "Float", startDate: "Date", endDate: "Date" },
  },
  Volunteer: {
    fields: { name: "String required", email: "Email", phone: "Phone", skills: "ListString" },
  },
  Shift: {
    fields: { startsAt: "DateTime required", endsAt: "DateTime required", role: "String" },
    belongsTo: ["Volunteer", "Employee", "Event"],
  },
  Player: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      position: "String",
      shirtNumber: "Integer",
      birthDate: "Date",
    },
    belongsTo: ["Team"],
  },
  Match: {
    fields: { startsAt: "DateTime required", opponent: "String", location: "String", homeScore: "Integer", awayScore: "Integer" },
    belongsTo: ["Team"],
  },
} satisfies Record<string, Part>;
