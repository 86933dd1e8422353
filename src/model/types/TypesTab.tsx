import { FormattedMessage, useIntl } from "react-intl";
import { addObjectType, type SchemaModel } from "../../domain/model";
import { Button } from "../../ui/Button";
import { useModelEditing } from "../ModelEditingContext";
import { hasProblemUnder } from "../problems";
import { TypeEditor } from "./TypeEditor";
import { useSelectedType } from "./useSelectedType";

/** The declaration's own record of the selected table; view state, so it never makes the model dirty. */
const markSelected = (model: SchemaModel, id: string): SchemaModel => ({
  ...model,
  objectTypes: model.objectTypes.map((objectType) => ({ ...objectType, selected: objectType.id === id })),
});

/** The Types tab: the list of tables beside the editor of the selected one. */
export function TypesTab() {
  const intl = useIntl();
  const { model, change, problems, canEditTables } = useModelEditing();
  const [selected, selectInHash] = useSelectedType(model);
  const select = (id: string) => {
    change((current) => markSelected(current, id));
    selectInHash(id);
  };

  const add = () => {
    const added = addObjectType(model);
    change(() => added.model);
    select(added.id);
  };

  return (
    <div className="model-columns">
      <nav className="model-list" aria-label={intl.formatMessage({ id: "model.types.list" })}>
        <ul data-testid="type-list">
          {model.objectTypes.map((objectType, index) => (
            <li key={objectType.id}>
              <button
                type="button"
                className="model-list-item"
                aria-current={objectType.id === selected?.id ? "true" : undefined}
                data-invalid={hasProblemUnder(problems, ["objectTypes", index]) || undefined}
                onClick={() => select(objectType.id)}
                data-testid="type-list-item"
              >
                {objectType.name || <FormattedMessage id="model.unnamed" />}
              </button>
            </li>
          ))}
        </ul>
        {canEditTables && (
          <Button onClick={add} data-testid="add-type">
            <FormattedMessage id="model.types.add" />
          </Button>
        )}
      </nav>
      {selected ? (
        <TypeEditor key={selected.id} typeId={selected.id} onSelect={select} />
      ) : (
        <p className="field-hint">
          <FormattedMessage id="model.types.empty" />
        </p>
      )}
    </div>
  );
}
