// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { buildModel } from "../../../server/templates/build";
import { partDrafts } from "../../../server/templates/catalog";
import { PARTS, type PartName } from "../../../server/templates/parts";
import { commerce } from "../../../server/templates/parts/commerce";
import { community } from "../../../server/templates/parts/community";
import { content } from "../../../server/templates/parts/content";
import { education } from "../../../server/templates/parts/education";
import { events } from "../../../server/templates/parts/events";
import { food } from "../../../server/templates/parts/food";
import { places } from "../../../server/templates/parts/places";
import { sales } from "../../../server/templates/parts/sales";
import { work } from "../../../server/templates/parts/work";
import { LIMIT_MESSAGE_IDS, modelProblems } from "../../../src/domain/model";

const names = Object.keys(PARTS) as PartName[];

describe("parts of the construction kit", () => {
  it("has about sixty or more parts, none defined twice", () => {
    const groups = [sales, commerce, content, events, work, food, education, community, places];
    const all = groups.flatMap((group) => Object.keys(group));
    expect(new Set(all).size).toBe(all.length);
    expect(names.length).toBeGreaterThanOrEqual(60);
  });

  it("only belongs to parts that exist, never to itself", () => {
    for (const name of names) {
      for (const parent of PARTS[name].belongsTo ?? []) {
        expect(names, `${name} belongs to ${parent}`).toContain(parent);
        expect(parent).not.toBe(name);
      }
    }
  });

  it("all fit into one valid model: names, enums and relations never clash", () => {
    const model = buildModel(partDrafts(names), "all");
    // The kit has more parts than one project may hold tables; apart from that limit all must fit.
    expect(modelProblems(model).filter((problem) => problem.messageId !== LIMIT_MESSAGE_IDS.tables)).toEqual([]);
    expect(model.objectTypes.map((objectType) => objectType.name)).toEqual(names);
    for (const objectType of model.objectTypes) {
      expect([objectType.parents.first, objectType.parents.second].filter(Boolean).length).toBeLessThanOrEqual(2);
    }
  });

  it("connects a table to the first two of its possible parents that are present", () => {
    // Comment belongs to Post, Task, Issue… — with Task and Issue present, Post is absent.
    const model = buildModel(partDrafts(["Task", "Issue", "Recipe", "Comment"]), "test");
    const id = (name: string) => model.objectTypes.find((objectType) => objectType.name === name)!.id;
    const comment = model.objectTypes.find((objectType) => objectType.name === "Comment")!;
    expect([comment.parents.first?.parentId, comment.parents.second?.parentId]).toEqual([id("Task"), id("Issue")]);
  });
});
