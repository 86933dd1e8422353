import type { Blueprint } from "./blueprint";

export const events: Blueprint = {
  key: "events",
  parts: ["Venue", "Organizer", "Event", "Speaker", "Session", "Attendee", "Ticket", "Sponsor"],
  publicRead: ["Venue", "Event", "Speaker", "Session", "Sponsor"],
  localizations: {
    en: {
      name: "Events",
      description: "Events at venues with their programme of sessions and speakers, attendees with tickets and check-in, and sponsors.",
    },
    de: {
      name: "Veranstaltungen",
      description: "Veranstaltungen an Veranstaltungsorten mit Programm, Sprecherinnen und Sprechern, Teilnehmenden mit Tickets und Check-in sowie Sponsoren.",
    },
  },
};
