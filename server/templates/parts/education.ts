import { enumOf, type Part } from "./part";

/** Schools and courses. */
export const education = {
  Student: {
    fields: {
      firstName: "String required",
      lastName: "String required",
      email: "Email",
      birthDate: "Date",
      studentNumber: "String unique",
    },
    belongsTo: ["SchoolClass"],
  },
  Teacher: {
    fields: { firstName: "String required", lastName: "String required", email: "Email", phone: "Phone" },
  },
  SchoolClass: {
    fields: { name: "String required", gradeLevel: "Integer", schoolYear: "String" },
    belongsTo: ["Teacher"],
  },
  Subject: {
    fields: { name: "String required", code: "String unique" },
  },
  Course: {
    fields: {
      title: "String required",
      description: "String",
      startDate: "Date",
      endDate: "Date",
      maxParticipants: "Integer",
      price: "Float",
    },
    belongsTo: ["Teacher", "Trainer", "Subject"],
  },
  Lesson: {
    fields: { title: "String required", startsAt: "DateTime", room: "String", topic: "String" },
    belongsTo: ["Course", "SchoolClass", "Subject", "Teacher"],
  },
  Enrollment: {
    fields: {
      enrolledAt: "Date",
      status: enumOf("EnrollmentStatus", ["ACTIVE", "COMPLETED", "CANCELLED"]),
    },
    belongsTo: ["Course", "Student", "Member"],
  },
  Exam: {
    fields: {
      title: "String required",
      date: "Date",
      kind: enumOf("ExamKind", ["WRITTEN", "ORAL", "PRACTICAL", "PROJECT"]),
      maxPoints: "Integer",
    },
    belongsTo: ["Subject", "Course", "SchoolClass"],
  },
  Grade: {
    fields: { value: "Float required", gradedAt: "Date", comment: "String" },
    belongsTo: ["Student", "Exam", "Subject"],
  },
  Assignment: {
    fields: { title: "String required", description: "String", dueDate: "Date" },
    belongsTo: ["Course", "SchoolClass", "Subject"],
  },
} satisfies Record<string, Part>;
