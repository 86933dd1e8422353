import { useMemo, useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import type { AppEditorScreenQuery } from "../__generated__/AppEditorScreenQuery.graphql";
import type { AppEditorScreenSaveMutation } from "../__generated__/AppEditorScreenSaveMutation.graphql";
import type { ObjectType } from "../domain/model";
import { appNameTooLong, emptyAppSchema, parseAppSchema, validateAppName, pinnedView, type AppSchema, type ChatPlan } from "../domain/apps";
import { ErrorMessage } from "../common/ErrorMessage";
import { useMutate } from "../relay/mutate";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";
import { AppMenuEditor } from "./AppMenuEditor";
import { ViewEditor } from "./ViewEditor";
import { LogoUpload } from "./LogoUpload";
import { AppPreview } from "./AppPreview";
import "./apps.css";
import { NotFoundScreen } from "../common/NotFoundScreen";

export const appEditorScreenQuery = graphql`
  query AppEditorScreenQuery($apiId: ID!, $appId: ID!) {
    api(id: $apiId) {
      id
      name
      viewerCanEditCustomerApps
    }
    customerApp(id: $appId) {
      id
      name
      schema
      liveDeclaration
      appUrl
      logoUrl
    }
  }
`;

const saveApp = graphql`
  mutation AppEditorScreenSaveMutation($input: UpdateCustomerAppInput!) {
    updateCustomerApp(input: $input) {
      id
      name
      schema
      apiDeclaration
      updatedAt
    }
  }
`;

/**
 * project-app-editor (spec §2, layout 'app'): breadcrumb project / Apps / app name, the app's
 * name, menu (views in order), logo, and the selected view's editor. Save stores the schema; the
 * server checks it against the live model and records the project's types and enums.
 */
export default function AppEditorScreen(props: { queryRef: PreloadedQuery<AppEditorScreenQuery> }) {
  const { api, customerApp } = usePreloadedQuery<AppEditorScreenQuery>(appEditorScreenQuery, props.queryRef);
  if (!api || !customerApp) {
    return <NotFoundScreen />;
  }
  return <AppEditor api={api} app={customerApp} />;
}

type Loaded = NonNullable<AppEditorScreenQuery["response"]["customerApp"]>;

function AppEditor(props: { api: { id: string; name: string; viewerCanEditCustomerApps: boolean }; app: Loaded }) {
  const intl = useIntl();
  const stored = useMemo(() => {
    const parsed = parseAppSchema(props.app.schema);
    return "schema" in parsed ? parsed.schema : emptyAppSchema();
  }, [props.app.schema]);
  const tables: ObjectType[] = useMemo(() => (JSON.parse(props.app.liveDeclaration) as { types: ObjectType[] }).types, [props.app.liveDeclaration]);
  const [schema, setSchema] = useState<AppSchema>(stored);
  const [name, setName] = useState(props.app.name);
  const [selected, setSelected] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [logoUrl, setLogoUrl] = useState(props.app.logoUrl ?? null);
  const [save, saving] = useMutate<AppEditorScreenSaveMutation>(saveApp);
  const canEdit = props.api.viewerCanEditCustomerApps;
  const changed = name !== props.app.name || JSON.stringify(schema) !== JSON.stringify(stored);
  const nameProblem = appNameTooLong(name) ? "error_app_name_max_length" : submitted ? validateAppName(name) : null;

  const onSave = async () => {
    setSubmitted(true);
    setSaved(false);
    if (validateAppName(name)) return;
    setError(null);
    try {
      await save({ input: { id: props.app.id, name: name.trim(), schema: JSON.stringify(schema) } });
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  };
  const view = schema.views[selected];
  /** A pinned answer becomes a new table view of the draft, selected; saving stores it like any edit. */
  const onPin = (plan: ChatPlan) => {
    const table = tables.find((candidate) => candidate.name === plan.table);
    if (!table) return;
    setSchema({ views: [...schema.views, pinnedView(schema, plan, table)] });
    setSelected(schema.views.length);
  };

  return (
    <section className="app-editor" data-testid="app-editor">
      <nav aria-label={intl.formatMessage({ id: "project.header.breadcrumb" })} className="app-editor-breadcrumb">
        <ol>
          <li>
            <Link to="/api/$apiId/types" params={{ apiId: props.api.id }}>
              {props.api.name}
            </Link>
          </li>
          <li>
            <Link to="/api/$apiId/apps" params={{ apiId: props.api.id }} data-testid="app-editor-back">
              <FormattedMessage id="apps.title" />
            </Link>
          </li>
          <li aria-current="page">{props.app.name}</li>
        </ol>
      </nav>
      <div className="app-editor-head">
        <TextField label={intl.formatMessage({ id: "apps.name" })} value={name} onChange={setName} disabled={!canEdit} data-testid="app-editor-name" error={nameProblem ? intl.formatMessage({ id: nameProblem }) : undefined} />
        <div className="app-editor-actions">
          <a href={props.app.appUrl} target="_blank" rel="noopener noreferrer" data-testid="app-editor-open">
            <FormattedMessage id="apps.open" />
          </a>
          {canEdit && (
            <>
              <Button disabled={!changed} onClick={() => (setSchema(stored), setName(props.app.name), setError(null), setSubmitted(false))}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button variant="primary" disabled={!changed} busy={saving} onClick={() => void onSave()} data-testid="app-editor-save">
                <FormattedMessage id="common.save" />
              </Button>
            </>
          )}
        </div>
      </div>
      {error != null && (
        <Alert variant="danger" testId="app-editor-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {saved && !changed && (
        <Alert variant="success" testId="app-editor-saved">
          <FormattedMessage id="apps.editor.saved" />
        </Alert>
      )}
      {tables.length === 0 && (
        <Alert variant="info" testId="app-editor-unpublished">
          <FormattedMessage id="apps.editor.unpublished" />
        </Alert>
      )}
      <div className="app-editor-body">
        <aside className="app-editor-side">
          <LogoUpload appId={props.app.id} logoUrl={props.app.logoUrl ?? null} disabled={!canEdit} onChange={setLogoUrl} />
          <AppMenuEditor schema={schema} tables={tables} selected={selected} disabled={!canEdit} onSelect={setSelected} onChange={(next, nextSelected) => (setSchema(next), setSelected(nextSelected))} />
        </aside>
        <div className="app-editor-main">
          {view ? (
            <ViewEditor key={view.id} view={view} tables={tables} disabled={!canEdit} onChange={(next) => setSchema({ views: schema.views.map((old, at) => (at === selected ? next : old)) })} />
          ) : (
            <p data-testid="app-editor-no-view">
              <FormattedMessage id="apps.editor.noViews" />
            </p>
          )}
        </div>
        <AppPreview appId={props.app.id} name={name} logoUrl={logoUrl} schema={schema} tables={tables} selected={selected} onSelect={setSelected} canPin={canEdit} onPin={onPin} />
      </div>
    </section>
  );
}
