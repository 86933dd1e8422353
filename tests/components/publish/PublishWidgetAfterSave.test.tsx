import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { MockPayloadGenerator } from "relay-test-utils";
import { renderModelScreen, shopModel } from "../model/renderModelScreen";

afterEach(cleanup);

const LIVE = { state: "PUBLISHED", graphqlUrl: "https://api.example.test/p/api_1/graphql", hasUnpublishedChanges: false, viewerCanPublish: true };

describe("the publish widget after a model save (spec §2 'Project dashboard and publish widget')", () => {
  it("shows the unpublished-changes notice and 'Publish changes' as soon as the save is stored, without a reload", async () => {
    const { environment } = renderModelScreen(shopModel(), LIVE);
    const widget = await screen.findByTestId("publish-widget");
    expect(widget.dataset.case).toBe("live");
    expect(screen.getByTestId("publish-button").textContent).toBe("Publish");

    fireEvent.change(await screen.findByTestId("type-name"), { target: { value: "Article" } });
    fireEvent.click(screen.getByTestId("model-save"));
    const operation = environment.mock.getMostRecentOperation();
    // The server answers with the stored project: it now differs from the live version.
    await act(async () =>
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          Api: () => ({ id: "api_1", name: "Shop", schema: operation.request.variables.input.schema, defaultAuthMode: "aws_api_key", creationType: "PUBLISH", ...LIVE, hasUnpublishedChanges: true }),
        }),
      ),
    );

    expect(screen.getByTestId("publish-widget").dataset.case).toBe("changes");
    expect(screen.getByTestId("publish-widget").textContent).toContain("unpublished changes");
    expect(screen.getByTestId("publish-button").textContent).toBe("Publish changes");
  });
});
