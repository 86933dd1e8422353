import { Component, Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import { accessGroupNames, isValidGroupName, MAX_GROUP_NAME_LENGTH, type SchemaModel } from "../../domain/model";
import { ErrorMessage, errorText } from "../../common/ErrorMessage";
import { ApiError } from "../../relay/errors";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import type { UserGroupsCardQuery } from "../../__generated__/UserGroupsCardQuery.graphql";
import type { UserGroupsCardAddMutation } from "../../__generated__/UserGroupsCardAddMutation.graphql";
import type { UserGroupsCardRemoveMutation } from "../../__generated__/UserGroupsCardRemoveMutation.graphql";

const groupsQuery = graphql`
  query UserGroupsCardQuery($userId: ID!) {
    viewerCanManageUserGroups
    adminListGroupsForUser(userId: $userId)
  }
`;

const addMutation = graphql`
  mutation UserGroupsCardAddMutation($input: UserGroupInput!) {
    adminAddUserToGroup(input: $input)
  }
`;

const removeMutation = graphql`
  mutation UserGroupsCardRemoveMutation($input: UserGroupInput!) {
    adminRemoveUserFromGroup(input: $input)
  }
`;

/** The user's groups as the server answered a change, written where the card's query reads them. */
const storeGroups = (userId: string, groups: readonly string[] | null | undefined) => (store: RecordSourceSelectorProxy) => {
  if (groups) store.getRoot().setValue([...groups], "adminListGroupsForUser", { userId });
};

/**
 * A users-table record's groups (spec §6 table access by group): the groups the project's
 * tables give access to are offered, any other name may be typed. Members who may edit data
 * add and remove them (viewerCanManageUserGroups); the others only see them.
 */
export function UserGroupsCard(props: { userId: string; model: SchemaModel }) {
  const headingId = useId();
  const [queryRef, load] = useQueryLoader<UserGroupsCardQuery>(groupsQuery);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => load({ userId: props.userId }, { fetchPolicy: "store-and-network" }), [props.userId]);
  const retry = () => {
    setAttempt((count) => count + 1);
    load({ userId: props.userId }, { fetchPolicy: "network-only" });
  };
  return (
    <section className="record-section" aria-labelledby={headingId} data-testid="user-groups">
      <h3 id={headingId}>
        <FormattedMessage id="data.userGroups.title" />
      </h3>
      <p className="field-hint">
        <FormattedMessage id="data.userGroups.hint" />
      </p>
      <GroupsErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Spinner />}>{queryRef && <UserGroups userId={props.userId} model={props.model} queryRef={queryRef} />}</Suspense>
      </GroupsErrorBoundary>
    </section>
  );
}

function UserGroups(props: { userId: string; model: SchemaModel; queryRef: PreloadedQuery<UserGroupsCardQuery> }) {
  const intl = useIntl();
  const listId = useId();
  const data = usePreloadedQuery<UserGroupsCardQuery>(groupsQuery, props.queryRef);
  const groups = data.adminListGroupsForUser;
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [add, adding] = useMutate<UserGroupsCardAddMutation>(addMutation);
  const [remove, removing] = useMutate<UserGroupsCardRemoveMutation>(removeMutation);
  const suggestions = accessGroupNames(props.model).filter((group) => !groups.includes(group));

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The server's own rule, so a name it would refuse is explained before it is sent.
    if (!isValidGroupName(name)) {
      setNameError(intl.formatMessage({ id: "error_group_name_invalid" }, { max: MAX_GROUP_NAME_LENGTH }));
      return;
    }
    setNameError(null);
    try {
      const input = { userId: props.userId, groupName: name };
      await add({ input }, { updater: (store, response) => storeGroups(props.userId, response?.adminAddUserToGroup)(store) });
      setName("");
    } catch (caught) {
      setError(caught);
    }
  };

  const onRemove = async (groupName: string) => {
    setError(null);
    try {
      const input = { userId: props.userId, groupName };
      await remove({ input }, { updater: (store, response) => storeGroups(props.userId, response?.adminRemoveUserFromGroup)(store) });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <>
      {groups.length === 0 ? (
        <p className="field-hint" data-testid="user-groups-empty">
          <FormattedMessage id="data.userGroups.empty" />
        </p>
      ) : (
        <ul className="user-groups" data-testid="user-groups-list">
          {groups.map((group) => (
            <li key={group} className="user-group" data-testid="user-group">
              <span>{group}</span>
              {data.viewerCanManageUserGroups && (
                <Button
                  variant="link"
                  onClick={() => void onRemove(group)}
                  disabled={removing || adding}
                  aria-label={intl.formatMessage({ id: "data.userGroups.removeLabel" }, { group })}
                  data-testid="user-group-remove"
                >
                  <FormattedMessage id="data.userGroups.remove" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error != null && <Alert variant="danger" testId="user-groups-error">{errorText(intl, error)}</Alert>}
      {data.viewerCanManageUserGroups && (
        <form className="user-groups-add" onSubmit={(event) => void onAdd(event)} noValidate>
          <TextField
            label={<FormattedMessage id="data.userGroups.add" />}
            value={name}
            onChange={(value) => {
              setName(value);
              setNameError(null);
            }}
            list={listId}
            maxLength={MAX_GROUP_NAME_LENGTH}
            autoComplete="off"
            error={nameError}
            hint={suggestions.length > 0 ? <FormattedMessage id="data.userGroups.suggested" values={{ groups: suggestions.join(", ") }} /> : undefined}
            data-testid="user-group-name"
          />
          <datalist id={listId}>
            {suggestions.map((group) => (
              <option key={group} value={group} />
            ))}
          </datalist>
          <div className="record-actions">
            <Button type="submit" busy={adding} disabled={removing} data-testid="user-group-add">
              <FormattedMessage id="data.userGroups.addButton" />
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

/** A record without a sign-in has no groups, a project user may not see them; any other failure offers a retry. */
class GroupsErrorBoundary extends Component<{ children: ReactNode; onRetry(): void }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error == null) return this.props.children;
    if (error instanceof ApiError && error.messageId === "error_project_user_unknown") {
      return (
        <p className="field-hint" data-testid="user-groups-no-sign-in">
          <FormattedMessage id="data.userGroups.noSignIn" />
        </p>
      );
    }
    // Signed in as a project user (spec §4 project-level sign-in), the explorer acts as them; groups are the members' business.
    if (error instanceof ApiError && error.code === "FORBIDDEN") {
      return (
        <p className="field-hint" data-testid="user-groups-members-only">
          <FormattedMessage id="data.userGroups.membersOnly" />
        </p>
      );
    }
    return (
      <>
        <Alert variant="danger" testId="user-groups-error">
          <ErrorMessage error={error} />
        </Alert>
        <Button onClick={this.props.onRetry} data-testid="user-groups-retry">
          <FormattedMessage id="data.userGroups.retry" />
        </Button>
      </>
    );
  }
}
