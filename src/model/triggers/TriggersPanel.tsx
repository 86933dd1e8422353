import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { addResolver, type ObjectType } from "../../domain/model";
import { Button } from "../../ui/Button";
import { useModelEditing } from "../ModelEditingContext";
import { TriggerEditor } from "./TriggerEditor";

/** A table's triggers; a new one only when the last one has a name (spec §5). */
export function TriggersPanel(props: { objectType: ObjectType; typeIndex: number; editable: boolean }) {
  const { model, change } = useModelEditing();
  const [added, setAdded] = useState<string>();
  const last = props.objectType.resolvers.at(-1);

  const add = () => {
    const result = addResolver(model, props.objectType.id);
    change(() => result.model);
    setAdded(result.id);
  };

  return (
    <div className="model-triggers" data-testid="triggers-panel">
      {props.objectType.resolvers.length === 0 && (
        <p className="field-hint">
          <FormattedMessage id="model.triggers.none" />
        </p>
      )}
      {props.objectType.resolvers.map((resolver, index) => (
        <TriggerEditor
          key={resolver.id}
          objectType={props.objectType}
          resolver={resolver}
          path={["objectTypes", props.typeIndex, "resolvers", index]}
          editable={props.editable}
          autoFocus={resolver.id === added}
        />
      ))}
      {props.editable && (
        <Button onClick={add} disabled={Boolean(last && !last.name.trim())} data-testid="add-trigger">
          <FormattedMessage id="model.triggers.add" />
        </Button>
      )}
    </div>
  );
}
