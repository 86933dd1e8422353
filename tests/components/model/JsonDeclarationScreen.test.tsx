import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { RelayEnvironmentProvider, loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { EditorView } from "@codemirror/view";
import JsonDeclarationScreen from "../../../src/declaration/JsonDeclarationScreen";
import JsonDeclarationScreenQuery, {
  type JsonDeclarationScreenQuery as Query,
} from "../../../src/__generated__/JsonDeclarationScreenQuery.graphql";
import { renderScreen } from "../renderScreen";
import { sentModel, shopModel } from "./renderModelScreen";

afterEach(cleanup);

const saved = shopModel();
const copy = () => structuredClone(saved);

function renderDeclaration(viewer: { featureFlags: string[]; isSuperuser: boolean }) {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(JsonDeclarationScreenQuery, { apiId: "api_1" });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Api: () => ({
        id: "api_1",
        orgId: "org_1",
        name: "Shop",
        schema: JSON.stringify(saved),
        state: "INITIALIZED",
        creationType: "PUBLISH",
        region: "eu-central-1",
        defaultAuthMode: "aws_api_key",
        viewerCanEditModel: true,
      }),
      User: () => viewer,
    }),
  );
  const queryRef = loadQuery<Query>(environment, JsonDeclarationScreenQuery, { apiId: "api_1" });
  renderScreen(
    () => <JsonDeclarationScreen queryRef={queryRef} />,
    "/api/$apiId/json-declaration",
    "/api/api_1/json-declaration",
    (children) => <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>,
  );
  return environment;
}

/** Replaces the editor's text as typing would. */
async function typeDeclaration(text: string) {
  const content = await screen.findByTestId("json-editor-content");
  const view = EditorView.findFromDOM(content)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe("JSON declaration", () => {
  it("tells other users that the declaration is not available to them", async () => {
    renderDeclaration({ featureFlags: [], isSuperuser: false });
    expect((await screen.findByTestId("declaration-not-allowed")).textContent).toContain("only to users with the declaration feature");
    expect(screen.queryByTestId("json-editor")).toBeNull();
  });

  it("shows the declaration as formatted JSON to a feature-flagged user", async () => {
    renderDeclaration({ featureFlags: ["declaration"], isSuperuser: false });
    const content = await screen.findByTestId("json-editor-content");
    expect(EditorView.findFromDOM(content)!.state.doc.toString()).toBe(JSON.stringify(saved, null, 2));
  });

  it("reports the first broken rule with its path and sends nothing", async () => {
    const environment = renderDeclaration({ featureFlags: [], isSuperuser: true });
    const model = copy();
    model.objectTypes[1].name = "Query";
    await typeDeclaration(JSON.stringify(model, null, 2));
    fireEvent.click(screen.getByTestId("declaration-save"));
    expect(screen.getByTestId("declaration-problem").textContent).toContain("This name is reserved.");
    expect(screen.getByTestId("declaration-problem-path").textContent).toBe("objectTypes[1].name");
    const updates = environment.mock.getAllOperations().filter((operation) => operation.request.node.operation.name === "useUpdateApiMutation");
    expect(updates).toHaveLength(0);
  });

  it("reports JSON that does not parse", async () => {
    renderDeclaration({ featureFlags: ["declaration"], isSuperuser: false });
    await typeDeclaration("{ not json");
    fireEvent.click(screen.getByTestId("declaration-save"));
    expect(screen.getByTestId("declaration-problem").textContent).toContain("The declaration is not valid");
  });

  it("saves a valid declaration through updateApi", async () => {
    const environment = renderDeclaration({ featureFlags: ["declaration"], isSuperuser: false });
    const model = copy();
    model.objectTypes[1].name = "Client";
    await typeDeclaration(JSON.stringify(model));
    fireEvent.click(screen.getByTestId("declaration-save"));
    expect(sentModel(environment.mock.getMostRecentOperation()).objectTypes.map((objectType) => objectType.name)).toEqual([
      "Table1",
      "Client",
    ]);
  });
});
