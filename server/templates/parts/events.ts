import { enumOf, type Part } from "./part";

/** Events, bookings and appointments. */
export const events = {
  Event: {
    fields: {
      title: "String required",
      description: "String",
      startsAt: "DateTime required",
      endsAt: "DateTime",
      capacity: "Integer",
      price: "Float",
      status: enumOf("EventStatus", ["PLANNED", "OPEN", "SOLD_OUT", "CANCELLED"]),
    },
    belongsTo: ["Venue", "Organizer"],
  },
  Venue: {
    fields: { name: "String required", address: "String", city: "String", capacity: "Integer" },
  },
  Organizer: {
    fields: { name: "String required", email: "Email", phone: "Phone", website: "Url" },
  },
  Attendee: {
    fields: { name: "String required", email: "Email", phone: "Phone", company: "String" },
  },
  Ticket: {
    fields: {
      code: "String required unique",
      price: "Float",
      category: enumOf("TicketCategory", ["STANDARD", "VIP", "STUDENT", "FREE"]),
      checkedIn: "Boolean",
    },
    belongsTo: ["Event", "Attendee", "Guest", "Member"],
  },
  Registration: {
    fields: {
      registeredAt: "DateTime",
      status: enumOf("RegistrationStatus", ["PENDING", "CONFIRMED", "CANCELLED", "WAITLISTED"]),
      notes: "String",
    },
    belongsTo: ["Event", "Attendee", "Member", "Course"],
  },
  Speaker: {
    fields: { name: "String required", bio: "String", company: "String", photoUrl: "Url" },
  },
  Session: {
    fields: { title: "String required", description: "String", startsAt: "DateTime", endsAt: "DateTime", room: "String" },
    belongsTo: ["Event", "Speaker"],
  },
  Sponsor: {
    fields: {
      name: "String required",
      website: "Url",
      level: enumOf("SponsorLevel", ["GOLD", "SILVER", "BRONZE"]),
    },
    belongsTo: ["Event"],
  },
  Guest: {
    fields: { name: "String required", email: "Email", phone: "Phone" },
  },
  Room: {
    fields: { name: "String required", capacity: "Integer", floor: "Integer", pricePerNight: "Float" },
    belongsTo: ["Venue", "Hotel"],
  },
  Hotel: {
    fields: { name: "String required", address: "String", city: "String", stars: "Integer" },
  },
  Booking: {
    fields: {
      startsAt: "DateTime required",
      endsAt: "DateTime",
      guestCount: "Integer",
      status: enumOf("BookingStatus", ["REQUESTED", "CONFIRMED", "CANCELLED"]),
    },
    belongsTo: ["Room", "Guest", "Customer", "Member", "Event", "Course"],
  },
  Appointment: {
    fields: { title: "String required", startsAt: "DateTime required", endsAt: "DateTime", location: "String", notes: "String" },
    belongsTo: ["Customer", "Patient", "Doctor", "Employee", "Contact"],
  },
} satisfies Record<string, Part>;
