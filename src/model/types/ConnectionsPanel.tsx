import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  addConnection,
  connectionOptions,
  connectionsOf,
  removeConnection,
  type ConnectionKind,
  type ObjectType,
} from "../../domain/model";
import { Button } from "../../ui/Button";
import { useModelEditing } from "../ModelEditingContext";

/**
 * A table's connections in both directions (has many = parent of, belongs to = child of); adding
 * one changes both sides (spec §4). Impossible kinds and targets are disabled.
 */
export function ConnectionsPanel(props: { objectType: ObjectType; editable: boolean }) {
  const intl = useIntl();
  const { model, change } = useModelEditing();
  const options = connectionOptions(model, props.objectType.id);
  const [wantedKind, setKind] = useState<ConnectionKind>("hasMany");
  const kind: ConnectionKind = options[wantedKind] || !options.belongsTo ? wantedKind : "belongsTo";
  const targets = kind === "hasMany" ? options.hasManyTargets : options.belongsToTargets;
  const [wantedTarget, setTarget] = useState("");
  const target = targets.includes(wantedTarget) ? wantedTarget : (targets[0] ?? "");
  const nameOf = (id: string) => model.objectTypes.find((objectType) => objectType.id === id)?.name ?? id;
  const connections = connectionsOf(props.objectType);

  return (
    <div className="model-connections">
      {connections.length === 0 ? (
        <p className="field-hint">
          <FormattedMessage id="model.connections.none" />
        </p>
      ) : (
        <ul className="model-connection-list" data-testid="connection-list">
          {connections.map((connection) => (
            <li key={`${connection.kind}-${connection.typeId}`} data-testid="connection" data-kind={connection.kind}>
              <span>
                <FormattedMessage
                  id={`model.connections.${connection.kind}`}
                  values={{ name: <strong>{nameOf(connection.typeId)}</strong> }}
                />
              </span>
              {props.editable && (
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => change((current) => removeConnection(current, props.objectType.id, connection.typeId))}
                  aria-label={intl.formatMessage({ id: "model.connections.removeOf" }, { name: nameOf(connection.typeId) })}
                  data-testid="remove-connection"
                >
                  <FormattedMessage id="model.connections.remove" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.editable && !options.hasMany && !options.belongsTo && (
        <p className="field-hint" data-testid="no-more-connections">
          <FormattedMessage id="model.connections.nonePossible" />
        </p>
      )}
      {props.editable && (options.hasMany || options.belongsTo) && (
        <div className="model-inline-form" data-testid="add-connection-form">
          <div className="field">
            <label htmlFor={`${props.objectType.id}-connection-kind`}>
              <FormattedMessage id="model.connections.kind" />
            </label>
            <select
              id={`${props.objectType.id}-connection-kind`}
              value={kind}
              onChange={(event) => setKind(event.target.value as ConnectionKind)}
              data-testid="connection-kind"
            >
              <option value="hasMany" disabled={!options.hasMany}>
                {intl.formatMessage({ id: "model.connections.kind.hasMany" })}
              </option>
              <option value="belongsTo" disabled={!options.belongsTo}>
                {intl.formatMessage({ id: "model.connections.kind.belongsTo" })}
              </option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${props.objectType.id}-connection-target`}>
              <FormattedMessage id="model.connections.target" />
            </label>
            <select
              id={`${props.objectType.id}-connection-target`}
              value={target}
              disabled={targets.length === 0}
              onChange={(event) => setTarget(event.target.value)}
              data-testid="connection-target"
            >
              {targets.map((id) => (
                <option key={id} value={id}>
                  {nameOf(id)}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={!target}
            onClick={() => change((current) => addConnection(current, props.objectType.id, target, kind))}
            data-testid="add-connection"
          >
            <FormattedMessage id="model.connections.add" />
          </Button>
        </div>
      )}
    </div>
  );
}
