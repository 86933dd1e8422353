import { Component, Suspense, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { recordLabel } from "../../domain/records";
import { cellText } from "../entries/cellText";
import type { RecordLabelQuery } from "../../__generated__/RecordLabelQuery.graphql";

const labelQuery = graphql`
  query RecordLabelQuery($id: ID!, $ofType: String!) {
    type(id: $id, ofType: $ofType) {
      id
      fields
    }
  }
`;

/**
 * A record's label (domain/records recordLabel) for the back bar. The record was usually shown
 * just before, so the store answers; after a reload it is fetched. Until then, or if it cannot
 * be read, the id stands in.
 */
export function RecordLabel(props: { table: string; id: string }) {
  return (
    <LabelErrorBoundary fallback={props.id}>
      <Suspense fallback={props.id}>
        <LoadedLabel {...props} />
      </Suspense>
    </LabelErrorBoundary>
  );
}

function LoadedLabel(props: { table: string; id: string }) {
  const data = useLazyLoadQuery<RecordLabelQuery>(labelQuery, { id: props.id, ofType: props.table }, { fetchPolicy: "store-or-network" });
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(data.type?.fields ?? "{}");
  } catch {
    // Unreadable values leave the id as the label.
  }
  return <>{cellText(recordLabel(values) ?? props.id)}</>;
}

class LabelErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
