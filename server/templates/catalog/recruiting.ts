import type { Blueprint } from "./blueprint";

export const recruiting: Blueprint = {
  key: "recruiting",
  parts: ["Department", "Employee", "JobPosting", "Applicant", "Application", "Interview"],
  publicRead: ["JobPosting"],
  localizations: {
    en: {
      name: "Recruiting",
      description: "Job postings per department, applicants and their applications through each stage, and interviews with your staff.",
    },
    de: {
      name: "Bewerbermanagement",
      description: "Stellenanzeigen je Abteilung, Bewerberinnen und Bewerber mit ihren Bewerbungen in jeder Phase und Vorstellungsgespräche.",
    },
  },
};
