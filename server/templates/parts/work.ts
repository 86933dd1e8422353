import { enumOf, type Part } from "./part";
import { approval, priority } from "./shared";

/** Projects, tasks, people and time. */
export const work = {
  Project: {
    fields: {
      name: "String required",
      description: "String",
      startDate: "Date",
      dueDate: "Date",
      budget: "Float",
      status: enumOf("ProjectStatus", ["PLANNED", "ACTIVE", "ON_HOLD", "DONE"]),
    },
    belongsTo: ["Customer", "Team"],
  },
  Task: {
    fields: {
      title: "String required",
      description: "String",
      dueDate: "Date",
      priority,
      status: enumOf("TaskStatus", ["TODO", "IN_PROGRESS", "DONE"]),
    },
    belongsTo: ["Project", "Employee", "Milestone", "User", "Member"],
  },
  Milestone: {
    fields: { title: "String required", dueDate: "Date", reached: "Boolean" },
    belongsTo: ["Project"],
  },
  Team: {
    fields: { name: "String required", description: "String" },
    belongsTo: ["Department"],
  },
  Department: {
    fields: { name: "String required", costCenter: "String" },
  },
  Employee: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      email: "Email",
      phone: "Phone",
      position: "String",
      hiredAt: "Date",
    },
    belongsTo: ["Department", "Team"],
  },
  TimeEntry: {
    fields: { date: "Date required", hours: "Float required", description: "String", billable: "Boolean" },
    belongsTo: ["Project", "Employee"],
  },
  LeaveRequest: {
    fields: {
      startDate: "Date required",
      endDate: "Date required",
      reason: enumOf("LeaveReason", ["VACATION", "SICK", "OTHER"]),
      status: approval,
    },
    belongsTo: ["Employee"],
  },
  Issue: {
    fields: {
      title: "String required",
      description: "String",
      priority,
      status: enumOf("IssueStatus", ["OPEN", "IN_PROGRESS", "RESOLVED", "CLOSED"]),
    },
    belongsTo: ["Project", "Customer", "Employee", "User"],
  },
  Note: {
    fields: { title: "String", content: "String required", pinned: "Boolean" },
    belongsTo: ["Customer", "Project", "Contact", "User"],
  },
  Document: {
    fields: { title: "String required", url: "Url", description: "String", validUntil: "Date" },
    belongsTo: ["Project", "Employee", "Customer", "Property"],
  },
  User: {
    fields: {
      username: "String unique",
      email: "Email required unique",
      displayName: "String",
      role: enumOf("UserRole", ["ADMIN", "EDITOR", "VIEWER"]),
    },
  },
  Message: {
    fields: { subject: "String", body: "String required", sentAt: "DateTime", read: "Boolean" },
    belongsTo: ["Conversation", "User", "Member"],
  },
  Conversation: {
    fields: { title: "String", closed: "Boolean" },
  },
  JobPosting: {
    fields: {
      title: "String required",
      description: "String",
      location: "String",
      salary: "Float",
      open: "Boolean",
    },
    belongsTo: ["Department", "Company"],
  },
  Applicant: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      email: "Email required",
      phone: "Phone",
      resumeUrl: "Url",
    },
  },
  Application: {
    fields: {
      appliedAt: "DateTime",
      status: enumOf("ApplicationStatus", ["RECEIVED", "SCREENING", "INTERVIEW", "OFFERED", "HIRED", "REJECTED"]),
      coverLetter: "String",
    },
    belongsTo: ["JobPosting", "Applicant"],
  },
  Interview: {
    fields: { scheduledAt: "DateTime required", location: "String", rating: "Integer", notes: "String" },
    belongsTo: ["Application", "Employee"],
  },
  Survey: {
    fields: { title: "String required", description: "String", open: "Boolean" },
  },
  Question: {
    fields: {
      text: "String required",
      answerKind: enumOf("AnswerKind", ["TEXT", "SINGLE_CHOICE", "MULTIPLE_CHOICE", "RATING"]),
      position: "Integer",
    },
    belongsTo: ["Survey", "Exam"],
  },
  Answer: {
    fields: { value: "String required", answeredAt: "DateTime" },
    belongsTo: ["Question", "User"],
  },
} satisfies Record<string, Part>;
