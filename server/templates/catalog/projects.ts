import type { Blueprint } from "./blueprint";

export const projects: Blueprint = {
  key: "projects",
  parts: ["Team", "Employee", "Project", "Milestone", "Task", "Comment", "TimeEntry"],
  localizations: {
    en: {
      name: "Projects and tasks",
      description: "Projects with milestones and prioritised tasks, assigned to team members, with comments and time tracking.",
    },
    de: {
      name: "Projekte und Aufgaben",
      description: "Projekte mit Meilensteinen und priorisierten Aufgaben, zugewiesen an Teammitglieder, mit Kommentaren und Zeiterfassung.",
    },
  },
};
