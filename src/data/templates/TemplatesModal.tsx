import { useEffect, useId, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { TemplatesModal_query$key } from "../../__generated__/TemplatesModal_query.graphql";
import { stripTemplateDirectives, type SchemaModel } from "../../domain/model";
import { parseModel } from "../../domain/model/parse";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { Spinner } from "../../ui/Spinner";
import { ErrorMessage } from "../../common/ErrorMessage";
import { problemError } from "../useProjectModel";
import { AiPrompt } from "./AiPrompt";
import { TemplateCard } from "./TemplateCard";
import { AI_ERROR, useSchemaPrompt } from "./useSchemaPrompt";
import { templateLanguage } from "./templateLanguage";
import { ApiError } from "../../relay/errors";
import { isUntouchedModel } from "./untouchedModel";
import { ReplaceModelDialog } from "./ReplaceModelDialog";
import "./TemplatesModal.css";

/** The model a template or the AI start proposes, ready to store; public and group directives stripped. */
function proposedModel(schema: string, emptyIsAiError: boolean): SchemaModel {
  const parsed = parseModel(schema);
  if ("problem" in parsed) throw problemError(parsed.problem);
  // A generated schema with no tables gives an error (spec §5).
  if (emptyIsAiError && parsed.model.objectTypes.length === 0) throw new ApiError("no tables", AI_ERROR);
  return stripTemplateDirectives(parsed.model);
}

/**
 * The templates modal (?showTemplates=true): an AI prompt, a grid of template cards, Skip and
 * Use template. Applying replaces the declaration — after showing the new tables and asking,
 * when `current` is more than a new project's empty Table1; `onClose(changed)` says whether it did.
 */
export function TemplatesModal(props: {
  query: TemplatesModal_query$key;
  apiId: string;
  current: SchemaModel;
  save(model: SchemaModel): Promise<void>;
  onClose(changed: boolean): void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment TemplatesModal_query on Query
      @refetchable(queryName: "TemplatesModalRefetchQuery")
      @argumentDefinitions(lang: { type: "Language", defaultValue: EN }) {
        schemaTemplates(first: 50, lang: $lang) {
          edges {
            node {
              id
              schema
              ...TemplateCard_template
            }
          }
        }
      }
    `,
    props.query,
  );
  const lang = templateLanguage(intl.locale);
  const [shownLang, setShownLang] = useState(lang);
  const [refetching, startRefetch] = useTransition();
  const [chosen, setChosen] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<SchemaModel | null>(null);
  const ai = useSchemaPrompt(props.apiId);

  // Switching the console's language while the modal is open shows the templates in it.
  useEffect(() => {
    if (lang === shownLang) return;
    setShownLang(lang);
    startRefetch(() => {
      refetch({ lang }, { fetchPolicy: "store-or-network" });
    });
  }, [lang, shownLang, refetch]);

  const templates = data.schemaTemplates.edges.map((edge) => edge.node);

  const save = async (model: SchemaModel) => {
    setAwaitingConfirmation(null);
    setApplying(true);
    try {
      await props.save(model);
      props.onClose(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setApplying(false);
    }
  };
  const apply = async (schema: () => Promise<string> | string, fromAi: boolean) => {
    setError(null);
    setApplying(true);
    try {
      const model = proposedModel(await schema(), fromAi);
      // The AI start's guess is always shown first; a template only when it replaces the user's work.
      if (isUntouchedModel(props.current) && !fromAi) await save(model);
      else setAwaitingConfirmation(model);
    } catch (caught) {
      setError(caught);
    } finally {
      setApplying(false);
    }
  };
  const applyChosen = () => {
    const template = templates.find((candidate) => candidate.id === chosen);
    if (template) void apply(() => template.schema, false);
  };
  const busy = applying || ai.working;

  return (
    <Dialog open onClose={() => props.onClose(false)} labelledBy={titleId} testId="templates-modal" className="dialog-wide templates-modal">
      <h2 id={titleId}>
        <FormattedMessage id="data.templates.title" />
      </h2>
      <p className="field-hint">
        <FormattedMessage id="data.templates.subtitle" />
      </p>
      {error != null && (
        <Alert variant="danger" testId="templates-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {awaitingConfirmation && (
        <ReplaceModelDialog
          current={props.current}
          proposed={awaitingConfirmation}
          replaces={!isUntouchedModel(props.current)}
          onConfirm={() => void save(awaitingConfirmation)}
          onCancel={() => setAwaitingConfirmation(null)}
        />
      )}
      <AiPrompt working={ai.working} disabled={applying} onGenerate={(prompt) => void apply(() => ai.generate(prompt), true)} />
      <h3 className="templates-heading">
        <FormattedMessage id="data.templates.gridTitle" />
      </h3>
      {refetching ? (
        <Spinner />
      ) : templates.length === 0 ? (
        <p className="field-hint" data-testid="templates-empty">
          <FormattedMessage id="data.templates.empty" />
        </p>
      ) : (
        <div className="template-grid" role="radiogroup" aria-label={intl.formatMessage({ id: "data.templates.gridTitle" })}>
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} checked={chosen === template.id} onChoose={setChosen} />
          ))}
        </div>
      )}
      <div className="dialog-actions">
        <Button onClick={() => props.onClose(false)} disabled={busy} data-testid="templates-skip">
          <FormattedMessage id="data.templates.skip" />
        </Button>
        <Button variant="primary" onClick={applyChosen} disabled={!chosen || ai.working || refetching} busy={applying} data-testid="templates-use">
          <FormattedMessage id="data.templates.use" />
        </Button>
      </div>
    </Dialog>
  );
}
