import { graphql } from "react-relay/hooks";

/** The wizard's mutations; each answers with what its screens show, so the store stays current. */
export const setupUsersTableMutation = graphql`
  mutation mutationsSetupUsersTableMutation($input: SetupUsersTableInput!) {
    setupUsersTable(input: $input) {
      id
      schema
      hasUnpublishedChanges
    }
  }
`;

export const saveRegionMutation = graphql`
  mutation mutationsSaveRegionMutation($input: UpdateApiInput!) {
    updateApi(input: $input) {
      id
      region
    }
  }
`;

export const createCheckoutSessionMutation = graphql`
  mutation mutationsCreateCheckoutSessionMutation($input: CreateCheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      sessionUrl
      checkoutSession {
        id
        bundleType
        billingInterval
      }
    }
  }
`;

export const updateCheckoutSessionMutation = graphql`
  mutation mutationsUpdateCheckoutSessionMutation($input: UpdateCheckoutSessionInput!) {
    updateCheckoutSession(input: $input) {
      sessionUrl
    }
  }
`;

export const createBundleSubscriptionMutation = graphql`
  mutation mutationsCreateBundleSubscriptionMutation($input: CreateBundleSubscriptionInput!) {
    createBundleSubscription(input: $input) {
      id
      bundleType
    }
  }
`;

/** Step 1's user authentication method; the server may also strip table access rules the new mode cannot use. */
export const saveAuthModeMutation = graphql`
  mutation mutationsSaveAuthModeMutation($input: UpdateApiInput!) {
    updateApi(input: $input) {
      id
      defaultAuthMode
      additionalAuthModes
      oidc
      schema
      hasUnpublishedChanges
    }
  }
`;
