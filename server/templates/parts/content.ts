import { enumOf, type Part } from "./part";

/** Publishing: blogs, pages, media, newsletters. */
export const content = {
  Author: {
    fields: { name: "String required", email: "Email", bio: "String", avatarUrl: "Url" },
  },
  Post: {
    fields: {
      title: "String required",
      slug: "String unique",
      content: "String",
      excerpt: "String",
      publishedAt: "DateTime",
      status: enumOf("PostStatus", ["DRAFT", "PUBLISHED", "ARCHIVED"]),
    },
    belongsTo: ["Author", "Category", "User"],
  },
  Comment: {
    fields: { text: "String required", authorName: "String", approved: "Boolean" },
    belongsTo: ["Post", "Task", "Issue", "Recipe", "Episode", "User"],
  },
  Tag: {
    fields: { name: "String required unique", color: "String" },
  },
  Page: {
    fields: { title: "String required", slug: "String unique", content: "String", published: "Boolean" },
    belongsTo: ["Author"],
  },
  Album: {
    fields: { title: "String required", description: "String", publishedAt: "Date" },
  },
  Image: {
    fields: { url: "Url required", altText: "String", caption: "String", width: "Integer", height: "Integer" },
    belongsTo: ["Album", "Post", "Product", "Property"],
  },
  Newsletter: {
    fields: { subject: "String required", content: "String", sentAt: "DateTime" },
  },
  Subscriber: {
    fields: { email: "Email required unique", name: "String", subscribedAt: "DateTime", confirmed: "Boolean" },
  },
  Podcast: {
    fields: { title: "String required", description: "String", coverUrl: "Url" },
  },
  Episode: {
    fields: { title: "String required", audioUrl: "Url", durationMinutes: "Integer", publishedAt: "DateTime" },
    belongsTo: ["Podcast"],
  },
  Video: {
    fields: { title: "String required", videoUrl: "Url required", durationMinutes: "Integer", publishedAt: "DateTime" },
    belongsTo: ["Author", "Course"],
  },
} satisfies Record<string, Part>;
