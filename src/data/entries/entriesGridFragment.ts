import { graphql } from "react-relay";

/** A page of a table's entries as the grid shows them; pages are appended with loadNext. */
export const entriesGridFragment = graphql`
  fragment entriesGridFragment_query on Query
  @refetchable(queryName: "entriesGridPaginationQuery")
  @argumentDefinitions(
    ofType: { type: "String!" }
    filter: { type: "String" }
    sortField: { type: "String" }
    sortOrder: { type: "SortOrder!" }
    count: { type: "Int!" }
    cursor: { type: "String" }
  ) {
    listTypes(ofType: $ofType, filter: $filter, sortField: $sortField, sortOrder: $sortOrder, first: $count, after: $cursor)
      @connection(key: "entriesGrid_listTypes", filters: ["ofType", "filter", "sortField", "sortOrder"]) {
      __id
      edges {
        node {
          id
          ofType
          fields
          connections
          createdAt
          updatedAt
        }
      }
    }
  }
`;
