import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderDataScreen, resolveUpdate, table, type TemplateFixture } from "./renderDataScreen";

const blog: TemplateFixture = {
  id: "tpl_blog",
  name: "Blog",
  description: "Posts, authors and comments.",
  schema: {
    objectTypes: [
      table("p1", "Post", ["title"], [{ name: "publicRead" }, { name: "group" }]),
      table("p2", "Author", ["name"], [{ name: "publicCreate" }]),
      table("p3", "Comment", ["text"]),
    ],
    enumTypes: [],
  },
};
const shop: TemplateFixture = {
  id: "tpl_shop",
  name: "Online shop",
  description: "Products and orders.",
  schema: { objectTypes: [table("s1", "Product"), table("s2", "Order")], enumTypes: [] },
};
const initial = { objectTypes: [table("t1", "Table1")], enumTypes: [] };

function openModal(templates: TemplateFixture[] = [blog, shop]) {
  return renderDataScreen({ model: initial, url: "/api/api_1/data?showTemplates=true#Table1", withTemplates: true, templates });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("templates modal", () => {
  it("shows a card per template with its name, a pill per table and its description", async () => {
    openModal();
    const cards = await screen.findAllByTestId("template-card");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getAllByTestId("template-pill").map((pill) => pill.textContent)).toEqual(["Post", "Author", "Comment"]);
    expect(cards[0].textContent).toContain("Blog");
    expect(cards[0].textContent).toContain("Posts, authors and comments.");
    expect(within(cards[1]).getAllByTestId("template-pill").map((pill) => pill.textContent)).toEqual(["Product", "Order"]);
  });

  it("uses the chosen template: updateApi gets its tables without public and group directives", async () => {
    const { environment } = openModal();
    const use = (await screen.findByTestId("templates-use")) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    fireEvent.click(within(screen.getAllByTestId("template-card")[0]).getByRole("radio", { hidden: true }));
    expect(use.disabled).toBe(false);
    fireEvent.click(use);

    await vi.waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("useUpdateApiMutation"));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input.id).toBe("api_1");
    const saved = JSON.parse(operation.request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Post", "Author", "Comment"]);
    expect(saved.objectTypes.flatMap((type: { directives: { name: string }[] }) => type.directives.map((d) => d.name))).toEqual([]);

    // Closing after the change removes showTemplates and the hash.
    resolveUpdate(environment);
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/data"));
  });

  it("Skip closes the modal and keeps the hash", async () => {
    const { environment } = openModal();
    fireEvent.click(await screen.findByTestId("templates-skip"));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/data#Table1"));
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name === "useUpdateApiMutation")).toBe(false);
  });

  it("says so when there are no templates", async () => {
    openModal([]);
    expect((await screen.findByTestId("templates-empty")).textContent).toBe("There are no templates yet.");
  });

  it("keeps the AI button disabled while the prompt is empty and shows the AI error when the job fails", async () => {
    const { environment } = openModal();
    const submit = (await screen.findByTestId("ai-prompt-submit")) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("ai-prompt-input"), { target: { value: "something about nothing" } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    const create = environment.mock.getMostRecentOperation();
    expect(create.request.node.params.name).toBe("useSchemaPromptCreateMutation");
    expect(create.request.variables.input).toEqual({ apiId: "api_1", prompt: "something about nothing" });
    environment.mock.resolve(create, { data: { createSchemaPrompt: { id: "prm_1", status: "PENDING", schema: null, errorMessageId: null } } });

    await vi.waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("useSchemaPromptSubscription"));
    const subscription = environment.mock.getMostRecentOperation();
    expect(subscription.request.variables).toEqual({ id: "prm_1" });
    environment.mock.nextValue(subscription, {
      data: { onUpdateSchemaPrompt: { id: "prm_1", status: "FAILED", schema: null, errorMessageId: "api_setup_templates_ai_error" } },
    });
    expect((await screen.findByTestId("templates-error")).textContent).toBe("Sorry, I couldn't come up with anything useful");
  });

  it("shows the AI start's tables, fields and connections and changes nothing until they are accepted", async () => {
    const { environment } = openModal();
    const updates = () => environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "useUpdateApiMutation");
    const proposed = {
      objectTypes: [
        { ...table("d1", "Dog", ["name", "breed"]), targets: [{ targetId: "w1", index: 0 }] },
        { ...table("w1", "Walk", ["startsAt"]), parents: { first: { parentId: "d1", index: 0 } } },
      ],
      enumTypes: [],
    };
    fireEvent.change(await screen.findByTestId("ai-prompt-input"), { target: { value: "dogs and their walks" } });
    fireEvent.click(screen.getByTestId("ai-prompt-submit"));
    environment.mock.resolve(environment.mock.getMostRecentOperation(), {
      data: { createSchemaPrompt: { id: "prm_4", status: "DONE", schema: JSON.stringify(proposed), errorMessageId: null } },
    });

    const dialog = await screen.findByTestId("replace-model-dialog");
    expect((await within(dialog).findByRole("heading")).textContent).toBe("Use these tables?");
    expect(within(dialog).getAllByTestId("model-preview-name").map((name) => name.textContent)).toEqual(["Dog", "Walk"]);
    expect(within(dialog).getAllByTestId("model-preview-fields").map((fields) => fields.textContent)).toEqual([" — name, breed", " — startsAt"]);
    expect(within(dialog).getByTestId("model-preview-connections").textContent).toBe("has many: Walk");
    expect(updates()).toEqual([]);

    // Discarding keeps the model and the modal; accepting saves the proposal.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("replace-model-dialog")).toBeNull();
    expect(screen.getByTestId("templates-modal")).toBeTruthy();
    expect(updates()).toEqual([]);
    fireEvent.click(screen.getByTestId("ai-prompt-submit"));
    environment.mock.resolve(environment.mock.getMostRecentOperation(), {
      data: { createSchemaPrompt: { id: "prm_5", status: "DONE", schema: JSON.stringify(proposed), errorMessageId: null } },
    });
    fireEvent.click(await within(await screen.findByTestId("replace-model-dialog")).findByRole("button", { name: "Use tables" }));
    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    const saved = JSON.parse(updates()[0].request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Dog", "Walk"]);
  });

  it("applies the schema the AI start pushes when it is done and accepted", async () => {
    const { environment } = openModal();
    fireEvent.change(await screen.findByTestId("ai-prompt-input"), { target: { value: "a blog with posts" } });
    fireEvent.click(screen.getByTestId("ai-prompt-submit"));
    environment.mock.resolve(environment.mock.getMostRecentOperation(), {
      data: { createSchemaPrompt: { id: "prm_2", status: "PENDING", schema: null, errorMessageId: null } },
    });
    await vi.waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("useSchemaPromptSubscription"));
    environment.mock.nextValue(environment.mock.getMostRecentOperation(), {
      data: { onUpdateSchemaPrompt: { id: "prm_2", status: "DONE", schema: JSON.stringify(blog.schema), errorMessageId: null } },
    });
    fireEvent.click(await within(await screen.findByTestId("replace-model-dialog")).findByRole("button", { name: "Use tables" }));
    await vi.waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe("useUpdateApiMutation"));
    const saved = JSON.parse(environment.mock.getMostRecentOperation().request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Post", "Author", "Comment"]);
  });

  it("shows the AI start's tables and asks before it replaces a model the user has worked on", async () => {
    const edited = { objectTypes: [table("t1", "Table1", ["title"]), table("t2", "Recipes")], enumTypes: [] };
    const { environment } = renderDataScreen({ model: edited, url: "/api/api_1/data?showTemplates=true", withTemplates: true, templates: [blog] });
    const updates = () => environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "useUpdateApiMutation");
    fireEvent.change(await screen.findByTestId("ai-prompt-input"), { target: { value: "a blog with posts" } });
    fireEvent.click(screen.getByTestId("ai-prompt-submit"));
    environment.mock.resolve(environment.mock.getMostRecentOperation(), {
      data: { createSchemaPrompt: { id: "prm_3", status: "DONE", schema: JSON.stringify(blog.schema), errorMessageId: null } },
    });

    const dialog = await screen.findByTestId("replace-model-dialog");
    expect((await within(dialog).findByRole("heading")).textContent).toBe("Replace your model?");
    expect(within(dialog).getByText("Your 2 tables and enums will be replaced by these tables:")).toBeTruthy();
    expect(within(dialog).getAllByTestId("model-preview-name").map((item) => item.textContent)).toEqual(["Post", "Author", "Comment"]);
    expect(updates()).toEqual([]);

    // Cancel keeps the model; confirming replaces it.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("replace-model-dialog")).toBeNull();
    expect(updates()).toEqual([]);
    fireEvent.click(within(screen.getAllByTestId("template-card")[0]).getByRole("radio", { hidden: true }));
    fireEvent.click(screen.getByTestId("templates-use"));
    // The dialog becomes accessible once its effect has opened it as a modal: wait for that, do not race it.
    fireEvent.click(await within(await screen.findByTestId("replace-model-dialog")).findByRole("button", { name: "Replace model" }));
    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    const saved = JSON.parse(updates()[0].request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Post", "Author", "Comment"]);
  });
});
