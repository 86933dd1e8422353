import { lazy, Suspense, useTransition } from "react";
import { graphql, usePreloadedQuery, useRefetchableFragment, type PreloadedQuery } from "react-relay/hooks";
import { useLoaderData, useSearch } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { DataScreenQuery } from "../__generated__/DataScreenQuery.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { DataExplorer } from "./DataExplorer";
import { ImportedData, type ImportedTableInfo } from "./ImportedData";
import type { SchemaModel } from "../domain/model/types";
import { useProjectModel } from "./useProjectModel";
import type { DataScreen_api$key } from "../__generated__/DataScreen_api.graphql";
import type { TemplatesModal_query$key } from "../__generated__/TemplatesModal_query.graphql";
import { useNavigateHere } from "../router/useNavigateHere";

// The templates modal checks declarations with parseModel, which brings arktype: it loads when
// opened, so the data page's first rows do not wait for it.
const TemplatesModal = lazy(() => import("./templates/TemplatesModal").then((module) => ({ default: module.TemplatesModal })));

const dataScreenQuery = graphql`
  query DataScreenQuery($apiId: ID!, $withTemplates: Boolean!, $lang: Language!) {
    api(id: $apiId) {
      id
      ...ProjectHeader_api
      ...DataScreen_api
    }
    ...TemplatesModal_query @include(if: $withTemplates) @arguments(lang: $lang) @alias(as: "templates")
  }
`;

/** project-data: the project's tables and, with ?showTemplates=true, the templates modal. */
export default function DataScreen(props: { queryRef: PreloadedQuery<DataScreenQuery> }) {
  const data = usePreloadedQuery<DataScreenQuery>(dataScreenQuery, props.queryRef);
  if (!data.api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  return (
    <section className="data-screen">
      <ProjectHeader api={data.api} />
      {/* The tables are the page's visible title; the h1 names the screen for assistive tech. */}
      <h1 className="visually-hidden">
        <FormattedMessage id="route.project-data" />
      </h1>
      <DataArea api={data.api} templates={data.templates ?? null} />
    </section>
  );
}

/** Each imported table with its fields' model types, so the add/edit form sends typed values. */
function importedTablesWithTypes(tables: readonly ImportedTableInfo[], model: SchemaModel): ImportedTableInfo[] {
  const types = new Map(model.objectTypes.map((type) => [type.name, type]));
  return tables.map((table) => ({ ...table, fieldTypes: Object.fromEntries((types.get(table.name)?.fields ?? []).flatMap((field) => (field.type ? [[field.name, field.type]] : []))) }));
}

function DataArea(props: { api: DataScreen_api$key; templates: TemplatesModal_query$key | null }) {
  const navigate = useNavigateHere();
  const search = useSearch({ strict: false });
  // The route starts the selected table's entries with this screen's query (routes.tsx).
  const entriesRef = useLoaderData({ strict: false })?.entriesRef;
  const [api, refetch] = useRefetchableFragment(
    graphql`
      fragment DataScreen_api on Api @refetchable(queryName: "DataScreenRefetchQuery") {
        id
        schema
        state
        creationType
        importedTables {
          name
          fields
          canCreate
          canUpdate
          canDelete
        }
        defaultAuthMode
        graphqlUrl
        viewerCanEditModel
        viewerCanEditData
        viewerCanDeleteData
        authProviderPoolId
        authProviderClientId
        authProviderUrl
      }
    `,
    props.api,
  );
  const project = useProjectModel(api);
  const [reloading, startReload] = useTransition();
  // The route turns a typed "true" into true (router/searchParams.ts).
  const showTemplates = search.showTemplates === true;

  // Closing removes showTemplates, and the hash too when the schema changed (spec §2).
  const closeTemplates = (changed: boolean) =>
    void navigate({
      search: (previous: Record<string, unknown>) => {
        const { showTemplates: _removed, ...rest } = previous;
        return rest;
      },
      hash: changed ? "" : (current) => current ?? "",
      replace: true,
    });

  // An imported project's rows live in its live API, read through the platform (ImportedData).
  if (api.creationType === "IMPORT") return <ImportedData apiId={api.id} tables={importedTablesWithTypes(api.importedTables, project.model)} canEdit={api.viewerCanEditData} canDelete={api.viewerCanDeleteData} />;
  return (
    <>
      <DataExplorer
        api={api}
        project={project}
        reloading={reloading}
        entriesRef={entriesRef ?? null}
        onReload={() =>
          startReload(() => {
            refetch({}, { fetchPolicy: "network-only" });
          })
        }
      />
      {showTemplates && props.templates && (
        <Suspense fallback={null}>
          <TemplatesModal query={props.templates} apiId={api.id} current={project.model} save={project.save} onClose={closeTemplates} />
        </Suspense>
      )}
    </>
  );
}
