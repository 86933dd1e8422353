import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { CsvImportDialog } from "../../../src/data/csv/CsvImportDialog";
import { addField, initialModel, renameObjectType } from "../../../src/domain/model";
import en from "../../../locales/en.json";

afterEach(cleanup);

function renderDialog() {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Author");
  model = addField(model, model.objectTypes[0].id, { name: "name", type: "String" }).model;
  render(
    <IntlProvider locale="en" messages={en}>
      <CsvImportDialog apiId="api1" model={model} table={model.objectTypes[0]} progress={{ state: null, error: null }} onStarted={() => {}} onClose={() => {}} />
    </IntlProvider>,
  );
}

const choose = (text: string) => fireEvent.change(screen.getByTestId("csv-file"), { target: { files: [new File([text], "authors.csv", { type: "text/csv" })] } });

describe("the CSV import dialog's preview", () => {
  it("refuses a header line longer than the server reads, as the server does", async () => {
    renderDialog();
    const header = ["name", ...Array.from({ length: 12_000 }, (_, index) => `column${index}`)].join(",");
    choose(`${header}\nAda\n`);
    expect((await screen.findByTestId("csv-error")).textContent).toBe("The header line is longer than 64 KB.");
    expect(screen.queryByTestId("csv-preview")).toBeNull();
  });

  it("previews a file with a normal header", async () => {
    renderDialog();
    choose("name\nAda\n");
    expect((await screen.findByTestId("csv-preview")).textContent).toContain("Ada");
  });
});
