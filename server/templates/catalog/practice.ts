import type { Blueprint } from "./blueprint";

export const practice: Blueprint = {
  key: "practice",
  parts: ["Doctor", "Patient", "Appointment", "Prescription", "Invoice"],
  localizations: {
    en: {
      name: "Medical practice",
      description: "Patients and doctors, appointments, prescriptions and invoices.",
    },
    de: {
      name: "Arztpraxis",
      description: "Patientinnen und Patienten, Ärztinnen und Ärzte, Termine, Rezepte und Rechnungen.",
    },
  },
};
