import type { Blueprint } from "./blueprint";

export const school: Blueprint = {
  key: "school",
  parts: ["Teacher", "SchoolClass", "Student", "Subject", "Lesson", "Assignment", "Exam", "Grade"],
  localizations: {
    en: {
      name: "School",
      description: "Classes with their teachers and students, subjects and lessons, homework, exams and grades.",
    },
    de: {
      name: "Schule",
      description: "Klassen mit Lehrkräften und Schülerinnen und Schülern, Fächer und Unterrichtsstunden, Hausaufgaben, Prüfungen und Noten.",
    },
  },
};
