import { Link } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage } from "react-intl";
import { Button } from "../../ui/Button";

export interface PublishRunRow {
  id: string;
  schemaVersion: number;
  status: string;
  createdAt: string;
}

/**
 * Publish runs as spec §2 lists them: date, schema version, status, and a Republish link to the
 * version for members who may publish. The overview's history and the Logs tab both show it.
 */
export function PublishRunsTable(props: {
  apiId: string;
  runs: readonly PublishRunRow[];
  canPublish: boolean;
  /** Rows are `${row}-<version>` (their status `${row}-status`), links `${republish}-<version>`. */
  testIds: { row: string; republish: string };
  testId?: string;
  timeStyle: "short" | "medium";
  more: { hasNext: boolean; loading: boolean; loadNext(): void; testId?: string };
}) {
  const { row, republish } = props.testIds;
  return (
    <>
      <table className="data-table" data-testid={props.testId}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="publish.history.date" />
            </th>
            <th scope="col">
              <FormattedMessage id="publish.history.version" />
            </th>
            <th scope="col">
              <FormattedMessage id="publish.history.status" />
            </th>
            {props.canPublish && (
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="publish.history.actions" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.runs.map((run) => (
            <tr key={run.id} data-testid={`${row}-${run.schemaVersion}`}>
              <td>
                <FormattedDate value={run.createdAt} dateStyle="medium" timeStyle={props.timeStyle} />
              </td>
              <td>{run.schemaVersion}</td>
              <td data-testid={`${row}-status`}>
                <FormattedMessage id={`publish.history.status.${run.status}`} />
              </td>
              {props.canPublish && (
                <td>
                  <Link
                    to="/api/$apiId/republish/$versionId"
                    params={{ apiId: props.apiId, versionId: String(run.schemaVersion) }}
                    className="btn btn-link"
                    data-testid={`${republish}-${run.schemaVersion}`}
                  >
                    <FormattedMessage id="publish.history.republish" />
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {props.more.hasNext && (
        <Button busy={props.more.loading} onClick={props.more.loadNext} data-testid={props.more.testId}>
          <FormattedMessage id="publish.history.more" />
        </Button>
      )}
    </>
  );
}
