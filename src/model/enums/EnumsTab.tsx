import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { addEnum } from "../../domain/model";
import { Button } from "../../ui/Button";
import { useModelEditing } from "../ModelEditingContext";
import { hasProblemUnder } from "../problems";
import { EnumEditor } from "./EnumEditor";

/** The Enums tab: the project's enums beside the editor of the selected one. */
export function EnumsTab() {
  const intl = useIntl();
  const { model, change, problems, canEditEnums } = useModelEditing();
  const [selectedId, setSelectedId] = useState<string>();
  const selected = model.enumTypes.find((enumType) => enumType.id === selectedId) ?? model.enumTypes[0];
  const first = model.enumTypes[0];

  const add = () => {
    const added = addEnum(model);
    change(() => added.model);
    setSelectedId(added.id);
  };

  return (
    <div className="model-columns">
      <nav className="model-list" aria-label={intl.formatMessage({ id: "model.enums.list" })}>
        <ul data-testid="enum-list">
          {model.enumTypes.map((enumType, index) => (
            <li key={enumType.id}>
              <button
                type="button"
                className="model-list-item"
                aria-current={enumType.id === selected?.id ? "true" : undefined}
                data-invalid={hasProblemUnder(problems, ["enumTypes", index]) || undefined}
                onClick={() => setSelectedId(enumType.id)}
                data-testid="enum-list-item"
              >
                {enumType.name || <FormattedMessage id="model.unnamed" />}
              </button>
            </li>
          ))}
        </ul>
        {canEditEnums && (
          // A new enum only when the first one has a name (spec §5).
          <Button onClick={add} disabled={Boolean(first && !first.name.trim())} data-testid="add-enum">
            <FormattedMessage id="model.enums.add" />
          </Button>
        )}
      </nav>
      {selected ? (
        <EnumEditor key={selected.id} enumId={selected.id} editable={canEditEnums} onRemoved={() => setSelectedId(undefined)} />
      ) : (
        <p className="field-hint" data-testid="enums-empty">
          <FormattedMessage id="model.enums.empty" />
        </p>
      )}
    </div>
  );
}
