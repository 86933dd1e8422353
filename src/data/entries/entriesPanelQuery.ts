import { graphql } from "react-relay";

/**
 * The entries of one table, on the project's own endpoint (schema.project.graphql): the data
 * route starts it with the platform's query, the panel re-loads it when the table, the sort,
 * the filter or the page size change.
 */
export const entriesPanelQuery = graphql`
  query entriesPanelQuery($ofType: String!, $filter: String, $sortField: String, $sortOrder: SortOrder!, $count: Int!) {
    ...entriesGridFragment_query @arguments(ofType: $ofType, filter: $filter, sortField: $sortField, sortOrder: $sortOrder, count: $count)
  }
`;
