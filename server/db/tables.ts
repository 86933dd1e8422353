import type { ColumnType, Generated } from "kysely";
import type { InvoiceDetails } from "../pay/invoiceModel";
import type { ActivityChanges } from "../projectEndpoint/builtIns/activityChanges";

/** Timestamps: written as Date or ISO string, read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface Tables {
  /** The model version /p/<apiId>/graphql serves (server/projectEndpoint/live.ts). */
  project_live_versions: {
    api_id: string;
    run_id: string;
    version: number;
    model: Json<unknown>;
    /** Project settings published with the model (server/projectEndpoint/contract.ts LiveVersionOptions). */
    options: ColumnType<Record<string, unknown>, string | undefined, string>;
    updated_at: Timestamp;
  };
  /** A project's data entries, stored generically; `type_id` is the table's model id. */
  project_entries: {
    api_id: string;
    type_id: string;
    id: string;
    data: Json<Record<string, unknown>>;
    parent_first: string | null;
    parent_second: string | null;
    /** The project user (sub) who created the entry; null when no project user did. */
    owner: Generated<string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A project's own user pool: Cognito-shaped ids, unique across projects. */
  project_user_pools: { api_id: string; pool_id: string; client_id: string; created_at: Timestamp };
  /** A project user's sign-in: `sub` is the id of their entry in the users table; no password, only SRP salt and verifier. */
  project_user_credentials: {
    api_id: string;
    sub: string;
    email: string;
    email_verified: Generated<boolean>;
    confirmed: Generated<boolean>;
    srp_salt: string;
    srp_verifier: string;
    locale: Generated<string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A project user's open codes and sign-in sessions: the console pool's tables' columns. */
  project_user_codes: Tables["auth_codes"];
  project_user_sessions: Tables["auth_refresh_tokens"];
  /** The groups a console member put a project user in (its `cognito:groups`). */
  project_user_groups: {
    api_id: string;
    sub: string;
    group_name: string;
    created_at: Timestamp;
  };
  /** A project's API keys: the SHA-256 of the key to find it, the key sealed with the server secret to show it again. */
  project_api_keys: {
    id: string;
    api_id: string;
    key_hash: string;
    sealed_key: string;
    description: string | null;
    expires_at: Timestamp;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  project_api_key_uses: {
    key_id: string;
    hour: Timestamp;
    uses: number;
    last_used_at: Timestamp;
  };
  project_activities: {
    id: string;
    api_id: string;
    event_name: "INSERT" | "MODIFY" | "REMOVE";
    record_type: string;
    record_id: string;
    /** For a MODIFY: the fields it changed, before and after (projectEndpoint/builtIns/activityChanges.ts). */
    changes: Json<ActivityChanges> | null;
    created_at: Timestamp;
  };
  /** An object a signed upload URL received (server/projectEndpoint/files): a file document may be made for it. */
  project_file_uploads: {
    api_id: string;
    key: string;
    mime_type: string;
    bytes: number;
    uploaded_at: Timestamp;
    /** Where this upload's bytes lie; null for uploads from before each had an object of its own. */
    object_key: string | null;
  };
  /** A signed upload URL that was used (its nonce): each is good for one upload. */
  project_file_upload_uses: {
    nonce: string;
    api_id: string;
    expires_at: Timestamp;
    used_at: Generated<Timestamp>;
  };
  /** Spec §3 FileDocument: a file of the project, its bytes at `object_key`. */
  project_files: {
    id: string;
    api_id: string;
    key: string;
    name: string;
    mime_type: string;
    access_control: "public" | "private";
    bytes: number;
    created_at: Timestamp;
    updated_at: Timestamp;
    /** The object it serves; null for documents from before each upload had an object of its own. */
    object_key: string | null;
  };
  /** Spec §3 CloudFunction: its code as a ZIP at `code_key`. */
  project_cloud_functions: {
    id: string;
    api_id: string;
    key: string;
    code_key: string;
    runtime: string;
    bytes: number;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A CSV import into one table (server/projectEndpoint/csv); `line_reached` commits with each batch. */
  project_imports: {
    id: string;
    api_id: string;
    type_id: string;
    table_name: string;
    upload_key: string;
    object_key: string;
    file_name: string;
    bytes: ColumnType<string, number, number>;
    encoding: string;
    delimiter: string;
    header: Json<string[]>;
    created_fields: Json<string[]>;
    status: "PUBLISHING" | "PENDING" | "RUNNING" | "DONE" | "FAILED";
    rows_done: Generated<number>;
    rows_failed: Generated<number>;
    line_reached: Generated<number>;
    error_message_id: string | null;
    created_by: string;
    created_at: Generated<Date>;
    started_at: Timestamp | null;
    updated_at: Generated<Date>;
    finished_at: Timestamp | null;
  };
  /** A row an import refused, with its cells and the reason, for the failed-rows file. */
  project_import_failures: {
    import_id: string;
    line: number;
    cells: Json<string[]>;
    message_id: string;
    field: string | null;
    details: Json<Record<string, string | number>>;
  };
  auth_keys: {
    kid: string;
    private_jwk: Json<Record<string, unknown>>;
    public_jwk: Json<Record<string, unknown>>;
    created_at: Timestamp;
  };
  auth_users: {
    sub: string;
    email: string;
    email_verified: Generated<boolean>;
    confirmed: Generated<boolean>;
    srp_salt: string;
    srp_verifier: string;
    locale: Generated<string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A code is closed (`used_at`) when used, replaced by a newer one or guessed wrong too often. */
  auth_codes: {
    id: string;
    sub: string;
    purpose: string;
    code_hash: string;
    new_email: string | null;
    attempts: Generated<number>;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Timestamp;
  };
  /** One row per sign-in: its id is the tokens' `origin_jti`, so revoking it ends the sign-in. */
  auth_refresh_tokens: {
    id: string;
    sub: string;
    token_hash: string;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
    created_at: Timestamp;
  };
  mails: {
    id: string;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: Timestamp;
  };
  users: {
    id: string;
    email: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  orgs: {
    id: string;
    name: string;
    aws_account_id: string | null;
    data_processing_categories: string | null;
    website: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  roles: {
    id: string;
    org_id: string;
    user_email: string;
    type: string;
    last_sign_in_at: Timestamp | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  billing_accounts: {
    id: string;
    org_id: string;
    name: string;
    billing_email: string;
    billing_address: string | null;
    payment_provider_id: Generated<string>;
    vat_id: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** Written by the payment provider; amount_paid in minor units. */
  invoices: {
    id: string;
    billing_account_id: string;
    payment_provider_invoice_id: string | null;
    date: Timestamp;
    status: string;
    amount_paid: number;
    currency: string;
    invoice_pdf: string | null;
    /** The seller's sequential number (server/pay/invoiceNumber.ts); null for invoices written before numbering. */
    number: string | null;
    /** What the invoice was issued with (server/pay/invoiceModel.ts InvoiceDetails). */
    details: Json<InvoiceDetails> | null;
    created_at: Timestamp;
  };
  invoice_number_sequences: { seller: string; last_number: number };
  apis: {
    id: string;
    org_id: string;
    name: string;
    region: string;
    state: string;
    creation_type: Generated<string>;
    default_auth_mode: Generated<string>;
    additional_auth_modes: ColumnType<string[], string | undefined, string>;
    aws_account_id: string | null;
    use_prefix: Generated<boolean>;
    oidc: string | null;
    schema: Generated<string>;
    graphql_url: string | null;
    query_explorer_string: string | null;
    auth_provider_client_id: string | null;
    /** The schema version the project's endpoint serves; null until the first publish. */
    published_version: number | null;
    /** The API key created on the first publish (server/projectEndpoint/contract.ts). */
    default_api_key_id: string | null;
    /** Days of activity history: 14 with the Pro bundle, else 1 (spec §9). */
    retention_in_days: Generated<number>;
    /** 'Amplify-compatible names' (takes effect on the next publish). */
    amplify_names: Generated<boolean>;
    /** An imported project's live API (creationType IMPORT) and its credential, sealed. */
    import_url: string | null;
    import_credential: string | null;
    /** Per imported table, the live API's operations and fields (server/project/import/model.ts). */
    import_operations: ColumnType<unknown, string | null | undefined, string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** Cloud-account credit per region (spec §3 'Account coupon'); VALID, USED or INVALID. */
  account_coupons: { id: string; aws_account_id: string; config_region: string; coupon_code: string; status: Generated<"INVALID" | "USED" | "VALID">; created_at: Timestamp };
  /** Who redeemed a coupon (spec §3 'CouponRedemption'); redeemed_by_type is "api". */
  coupon_redemptions: { id: string; coupon_code: string; redeemed_by_id: string; redeemed_by_type: string; created_at: Timestamp };
  /** The built-in payment provider's customers, one per billing account (cus_…). */
  pay_customers: { id: string; billing_account_id: string; created_at: Timestamp };
  pay_checkout_sessions: {
    id: string;
    customer_id: string;
    org_id: string;
    line_items: Json<{ price: string; quantity?: number }[]>;
    bundle_type: string;
    billing_interval: string;
    amount: number;
    currency: string;
    /** open, complete or expired. */
    status: Generated<string>;
    success_url: string;
    cancel_url: string;
    expires_at: Timestamp;
    subscription_id: string | null;
    created_at: Timestamp;
  };
  pay_subscriptions: {
    id: string;
    customer_id: string;
    checkout_session_id: string;
    bundle_type: string;
    billing_interval: string;
    amount: number;
    currency: string;
    /** trialing, active or canceled. */
    status: string;
    trial_ends_at: Timestamp | null;
    current_period_end: Timestamp;
    created_at: Timestamp;
  };
  pay_subscription_items: { id: string; subscription_id: string; price_id: string; quantity: number | null; created_at: Timestamp };
  /** The platform's record of a project's checkout (spec §3 'Checkout session'). */
  checkout_sessions: {
    id: string;
    api_id: string;
    org_id: string;
    payment_provider_id: Generated<string>;
    session_id: string | null;
    expires_at: Timestamp;
    success_url: string;
    cancel_url: string;
    metadata: string;
    line_items: Json<{ price: string; quantity?: number }[]>;
    bundle_type: string;
    billing_interval: string;
    products: Json<string[]>;
    description: string;
    created_at: Timestamp;
  };
  /** A project's plan with the provider (spec §3 'Bundle subscription'). */
  bundle_subscriptions: {
    id: string;
    api_id: string;
    org_id: string;
    payment_provider_id: string;
    item_ids: Json<string[]>;
    checkout_session_id: string;
    bundle_type: string;
    billing_interval: string;
    line_items: Json<{ price: string; quantity?: number }[]>;
    products: Json<string[]>;
    status: string;
    trial_ends_at: Timestamp | null;
    created_at: Timestamp;
  };
  /** The cloud-account pool createApi assigns from; capacity null means unlimited. */
  aws_accounts: {
    id: string;
    account_id: string;
    enabled: Generated<boolean>;
    capacity: number | null;
    created_at: Timestamp;
  };
  schema_templates: {
    id: string;
    key: string;
    position: Generated<number>;
    schema: string;
    state: Generated<string>;
    /** Per language: name and description, and (German) the model with translated names. */
    localizations: Json<Record<string, { name: string; description: string; schema?: string }>>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  schema_prompts: {
    id: string;
    api_id: string;
    user_email: string;
    prompt: string;
    status: Generated<string>;
    schema: string | null;
    error_message_id: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A project's customer apps (spec §3 CustomerApp); schema and api_declaration are JSON text. */
  customer_apps: {
    id: string;
    api_id: string;
    name: string;
    schema: string;
    api_declaration: string;
    logo_key: string | null;
    logo_mime_type: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** One per publish (spec §3 'Publish run'); id `<apiId>-v<schemaVersion>`. */
  publish_runs: {
    id: string;
    api_id: string;
    schema_version: number;
    /** IN_PROGRESS, SUCCEEDED or FAILED (spec §4). */
    status: Generated<string>;
    /** The project's state when the run started. */
    init_state: string;
    /** The declaration published, as JSON text. */
    schema: string;
    /** Where the declaration zip lies in object storage. */
    object_key: string;
    /** Why a FAILED run failed: a translation key, and its values as JSON text. */
    failure_message_id: string | null;
    failure_values: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** Automation flows (server/flows): data_tables are the tables its data triggers watch. */
  flows: {
    id: string;
    api_id: string;
    name: string;
    schema: Json<unknown>;
    owner_sub: string;
    owner_email: string;
    data_tables: ColumnType<string[], string[] | undefined, string[]>;
    next_scheduled_at: Timestamp | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** One run of a flow; status QUEUED, RUNNING, WAITING, SUCCEEDED, FAILED or LIMITED. */
  flow_runs: {
    id: string;
    flow_id: string;
    api_id: string;
    status: string;
    trigger: Json<unknown>;
    depth: Generated<number>;
    error: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** What one step of a run did: content is JSON with step, input, output, durationMs, error. */
  flow_run_logs: {
    id: string;
    run_id: string;
    step_id: string;
    content: Json<unknown>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** Background work (AI prompts, later publishing); see server/jobs. */
  jobs: {
    id: string;
    kind: string;
    payload: Json<Record<string, unknown>>;
    state: Generated<string>;
    attempts: Generated<number>;
    max_attempts: Generated<number>;
    run_at: Timestamp;
    locked_until: Timestamp | null;
    last_error: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A fixed-window counter (server/limits/rateLimit.ts); the key names what is counted. */
  rate_limits: {
    key: string;
    points: number;
    window_ends: Timestamp;
  };
  /** Wrong passwords per account (user id, or the simulated id of an unknown name) and source address. */
  auth_failures: {
    account: string;
    source: string;
    failures: number;
    locked_until: Timestamp | null;
    updated_at: Timestamp;
  };
  /** The change log every server follows (server/changes); rows older than the retention are deleted. */
  changes: {
    seq: Generated<string>;
    scope: "platform" | "workspace" | "project";
    scope_id: string;
    topic: string;
    entry_id: string | null;
    kind: string;
    payload: Json<unknown>;
    created_at: Timestamp;
  };
}
