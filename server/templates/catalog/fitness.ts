import type { Blueprint } from "./blueprint";

export const fitness: Blueprint = {
  key: "fitness",
  parts: ["Plan", "Member", "Membership", "Trainer", "Course", "Booking", "CheckIn", "Workout"],
  publicRead: ["Plan", "Trainer", "Course"],
  localizations: {
    en: {
      name: "Gym",
      description: "Members with plans and memberships, trainers and classes to book, check-ins at the door and logged workouts.",
    },
    de: {
      name: "Fitnessstudio",
      description: "Mitglieder mit Tarifen und Mitgliedschaften, Trainerinnen und Trainer, buchbare Kurse, Check-ins am Eingang und Trainingseinheiten.",
    },
  },
};
