import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import { isSystemField, isUsersTable, type EnumType, type Field, type ObjectType } from "../../domain/model";
import { hasDirective } from "../../domain/model/directives";
import { useMutate } from "../../relay/mutate";
import { ApiError } from "../../relay/errors";
import { errorText } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { displayValue } from "../entries/displayValue";
import { RecordFieldInput } from "./RecordFieldInput";
import { intlLocale } from "../../i18n/intlLocale";
import { changedFields, draftInput, editableFields, shownText, showsSaveCancel, type RecordDraft } from "./recordDraft";
import type { RecordFrame } from "./recordStack";
import type { RecordForm_entry$key } from "../../__generated__/RecordForm_entry.graphql";
import type { RecordFormCreateMutation } from "../../__generated__/RecordFormCreateMutation.graphql";
import type { RecordFormUpdateMutation } from "../../__generated__/RecordFormUpdateMutation.graphql";

const createMutation = graphql`
  mutation RecordFormCreateMutation($ofType: String!, $fields: String, $connections: String, $lists: [ID!]!) {
    createType(ofType: $ofType, fields: $fields, connections: $connections) @prependNode(connections: $lists, edgeTypeName: "TypeEdge") {
      id
      fields
      connections
      createdAt
      updatedAt
      ...RecordForm_entry
    }
  }
`;

const updateMutation = graphql`
  mutation RecordFormUpdateMutation($id: ID!, $ofType: String!, $fields: String, $expectedUpdatedAt: String) {
    updateType(id: $id, ofType: $ofType, fields: $fields, expectedUpdatedAt: $expectedUpdatedAt) {
      id
      updatedAt
      ...RecordForm_entry
    }
  }
`;

const parseObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
};

/** Which sign-in field of the users table this is: a member writing it changes the user's sign-in (the server's rule). */
const signInField = (table: ObjectType, field: Field) =>
  !isUsersTable(table) ? undefined : hasDirective(field.directives, "userPassword") ? "password" : hasDirective(field.directives, "userEmail") ? "email" : undefined;

/** The table's fields as a signature, to notice when the model changed under an open form. */
const fieldsSignature = (table: ObjectType) => table.fields.map((field) => `${field.name}:${field.type}:${field.typeId ?? ""}`).join(",");

/**
 * The record's fields: the form of the top record with Save and Cancel (only when it differs or
 * is new), the error banner, and what happened to the record meanwhile: changed or deleted by
 * someone else, or its table's fields changed. A save of a record that changed since it was
 * opened is refused by the server (expectedUpdatedAt) and offers to reload.
 */
export function RecordForm(props: {
  entry: RecordForm_entry$key | null;
  table: ObjectType;
  enums: readonly EnumType[];
  frame: RecordFrame;
  deleted: boolean;
  /** The viewer may read but not write entries: no inputs to change, no Save. */
  readOnly?: boolean;
  onCreated(id: string): void;
  /** The grid lists a created record is put first in (its blank row's place, spec §2). */
  lists?: readonly string[];
  onCancelNew(): void;
  onReload(): void;
  /** A new record's parent links, shown read-only below its id. */
  linkFields?: ReactNode;
}) {
  const intl = useIntl();
  const entry = useFragment(
    graphql`
      fragment RecordForm_entry on Type {
        id
        fields
        createdAt
        updatedAt
      }
    `,
    props.entry,
  );
  const isNew = entry === null;
  const saved = useMemo(() => parseObject(entry?.fields), [entry?.fields]);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<"changed" | "updated" | "fields" | null>(null);
  // The version the user started from: a save is refused when the server has a newer one.
  const [openedAt, setOpenedAt] = useState(entry?.updatedAt ?? null);
  const draft: RecordDraft = { table: props.table, enums: props.enums, saved, typed, isNew, locale: intlLocale(intl) };
  const dirty = changedFields(draft).length > 0;
  const [create, creating] = useMutate<RecordFormCreateMutation>(createMutation);
  const [update, updating] = useMutate<RecordFormUpdateMutation>(updateMutation);
  // While our own save is on its way, its live event may reach the store before its answer
  // does; whether a change is ours is only known once the answer names our version. State, not a
  // ref: React runs an effect a task after its render (after paint), and under load the answer
  // can land in between; a ref read then would pair the answer's "done" with the render's
  // outdated openedAt and call our own save someone else's.
  const [saving, setSaving] = useState(false);

  // Someone else's save reaches the store live: take it when nothing was typed, else say so.
  // A write that left the values alone (a link changed) or our own save is no news.
  const seenFields = useRef(entry?.fields);
  useEffect(() => {
    if (!entry || saving) return;
    // The version the form stands on (opened, or our own save): its values are no news.
    if (entry.updatedAt === openedAt) {
      seenFields.current = entry.fields;
      return;
    }
    // A live event can arrive after a later save's answer (a websocket lags behind HTTP): an
    // older version is no news either (ISO timestamps order as text).
    if (openedAt && entry.updatedAt < openedAt) return;
    const valuesChanged = entry.fields !== seenFields.current;
    seenFields.current = entry.fields;
    if (!valuesChanged) {
      setOpenedAt(entry.updatedAt);
    } else if (dirty) {
      setNotice("changed");
    } else {
      setOpenedAt(entry.updatedAt);
      setNotice("updated");
    }
  }, [entry?.updatedAt, openedAt, saving]);

  const signature = fieldsSignature(props.table);
  const firstSignature = useRef(signature);
  useEffect(() => {
    if (signature === firstSignature.current) return;
    firstSignature.current = signature;
    const names = new Set(props.table.fields.map((field) => field.name));
    setTyped((current) => Object.fromEntries(Object.entries(current).filter(([name]) => names.has(name))));
    setNotice("fields");
  }, [signature]);

  const reload = () => {
    seenFields.current = entry?.fields;
    setTyped({});
    setError(null);
    setNotice(null);
    setOpenedAt(entry?.updatedAt ?? null);
    props.onReload();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { input, problem } = draftInput(draft);
    if (problem) {
      setError(new ApiError(problem.messageId, problem.messageId, "BAD_USER_INPUT", { field: problem.field, ...(problem.values as Record<string, string>) }));
      return;
    }
    setError(null);
    try {
      if (!entry) {
        const link = props.frame.parentLink;
        const result = await create({
          ofType: props.table.name,
          fields: JSON.stringify(input),
          connections: link ? JSON.stringify({ [link.field]: link.id }) : null,
          lists: [...(props.lists ?? [])],
        });
        props.onCreated(result.createType.id);
      } else {
        setSaving(true);
        const result = await update({ id: entry.id, ofType: props.table.name, fields: JSON.stringify(input), expectedUpdatedAt: openedAt });
        // One render with the answer's version and the end of the save: its effect sees both.
        setTyped({});
        setNotice(null);
        setOpenedAt(result.updateType.updatedAt);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    if (isNew) props.onCancelNew();
    else {
      setTyped({});
      setError(null);
    }
  };

  const conflict = error instanceof ApiError && error.code === "CONFLICT" && error.messageId === "error_entry_changed";
  return (
    <form className="record-form" onSubmit={save} noValidate data-testid="record-form">
      {error != null && (
        <Alert variant="danger" testId="record-error">
          {errorText(intl, error)}
          {conflict && (
            <Button variant="link" onClick={reload} data-testid="record-reload">
              <FormattedMessage id="data.record.reload" />
            </Button>
          )}
        </Alert>
      )}
      {props.deleted && (
        <Alert variant="danger" testId="record-deleted">
          <FormattedMessage id="data.record.deleted" />
        </Alert>
      )}
      {notice && !props.deleted && (
        <Alert variant="info" testId="record-notice">
          <FormattedMessage id={`data.record.notice.${notice}`} />
          {notice === "changed" && (
            <Button variant="link" onClick={reload} data-testid="record-reload">
              <FormattedMessage id="data.record.reload" />
            </Button>
          )}
        </Alert>
      )}
      <TextField label="id" value={entry?.id ?? ""} readOnly onChange={() => undefined} placeholder={intl.formatMessage({ id: "data.record.generated" })} data-testid="record-field-id" />
      {/* Spec §5: "Read-only fields show an auto-generated placeholder" until the server has set them. */}
      {props.table.fields.filter((field) => isSystemField(field) && field.name !== "id").map((field) => (
        <TextField
          key={field.id}
          label={field.name}
          value={displayValue(intl, field, entry?.[field.name as "createdAt" | "updatedAt"])}
          readOnly
          onChange={() => undefined}
          placeholder={intl.formatMessage({ id: "data.record.generated" })}
          data-testid={`record-field-${field.name}`}
        />
      ))}
      {props.linkFields}
      {editableFields(props.table).map((field) => (
        <RecordFieldInput
          key={field.id}
          field={field}
          enums={props.enums}
          text={shownText(draft, field)}
          value={saved[field.name] ?? null}
          readOnly={props.deleted || props.readOnly === true}
          signIn={signInField(props.table, field)}
          error={error instanceof ApiError && error.values?.field === field.name ? errorText(intl, error) : undefined}
          onChange={(text) => setTyped((current) => ({ ...current, [field.name]: text }))}
        />
      ))}
      {showsSaveCancel(draft) && !props.deleted && !props.readOnly && (
        <div className="record-actions">
          <Button type="submit" variant="primary" busy={creating || updating} data-testid="record-save">
            <FormattedMessage id="data.record.save" />
          </Button>
          <Button onClick={cancel} data-testid="record-cancel">
            <FormattedMessage id="data.record.cancel" />
          </Button>
        </div>
      )}
    </form>
  );
}
