import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

// Kysely's view of the tables created in server/db/migrations. Keep in step with the migrations;
// tests/db/schema.test.ts checks every table named here exists.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back as strings from pg; numbers are accepted on the way in. */
type BigIntColumn = ColumnType<string, number | bigint | string, number | bigint | string>;
type Identity = ColumnType<string, never, never>;
/** A bigint with a database default: optional on insert. */
type LedgerColumn = ColumnType<string, number | bigint | string | undefined, number | bigint | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface RolesTable {
  name: string;
  side: 'provider' | 'merchant' | 'property' | 'api' | 'other';
  description: Generated<string>;
}
export interface RolePermissionsTable {
  role_name: string;
  resource: string;
  actions: string[];
}
/** What the API lets a role do (docs/decisions/0110-page-access-and-api-grants.md); role_permissions is page access. */
export interface RoleApiGrantsTable {
  role_name: string;
  resource: string;
  actions: string[];
}

export interface MerchantGroupsTable {
  id: Generated<string>;
  name: string;
  status: Generated<string>;
  country: string | null;
  contact_email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  status_changed_at: Timestamp;
}

export interface MerchantsTable {
  id: Generated<string>;
  merchant_group_id: string;
  name: string;
  status: Generated<string>;
  position: Generated<number>;
  property_type: string | null;
  latitude: string | null;
  longitude: string | null;
  post_code: string | null;
  checkin_time: string | null;
  checkout_time: string | null;
  active: Generated<boolean>;
  currency: Generated<string>;
  timezone: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Decision 0260. */
  city: string | null;
  status_changed_at: Timestamp;
}
/** A reviewer's reason to send a property back, per field or settings page (decision 0260). */
export interface PropertyReviewFlagsTable {
  id: Generated<string>;
  merchant_id: string;
  target: string;
  reason: string;
  created_by: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

/** A property's API key: only its hash (decision 0262). */
export interface PropertyApiKeysTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  created_by: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface PropertyBrandAssetsTable {
  id: Generated<string>;
  merchant_id: string;
  asset: 'logo' | 'image';
  storage_key: string;
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size_bytes: number;
  sha256: string;
  name: string;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  first_login: Generated<boolean>;
  disabled: Generated<boolean>;
  merchant_group_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  password_changed_at: NullableTimestamp;
}
export interface UserRolesTable {
  user_id: string;
  role_name: string;
  position: Generated<number>;
}
export interface UserMerchantScopesTable {
  user_id: string;
  merchant_id: string;
}
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
}
/** Every refresh token a session was given; the one not superseded is current (decision 0186). */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  issued_at: Timestamp;
  superseded_at: NullableTimestamp;
}
/** Rate-limit counters shared by every server instance on the database (decision 0187). */
export interface RateLimitCountersTable {
  key: string;
  window_started_at: Date;
  window_ends_at: Date;
  hits: number;
}
/** Money calls' idempotency keys (decision 0200); status and response are set once the first answer commits. */
export interface IdempotencyKeysTable {
  /** `user:<id>` or `key:<id>`: whose key it is (decision 0370). */
  principal: string;
  user_id: string | null;
  endpoint: string;
  key: string;
  fingerprint: string;
  status: number | null;
  response: Json | null;
  created_at: Generated<Date>;
}
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface MerchantScopesTable {
  id: Generated<string>;
  merchant_group_id: string;
  name: string;
}
export interface MerchantScopePropertiesTable {
  scope_id: string;
  merchant_id: string;
}
export interface MerchantSettingsTable {
  id: Generated<string>;
  merchant_group_id: string;
  merchant_id: string | null;
  kind: string;
  is_active: Generated<boolean>;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface MerchantWizardStepsTable {
  merchant_group_id: string;
  step: string;
  data: Json<Record<string, unknown>>;
  saved_by: string | null;
  saved_at: Timestamp;
}
export interface MerchantWizardsTable {
  merchant_group_id: string;
  completed_by: string | null;
  completed_at: Timestamp;
}
export interface FeesTable {
  id: Generated<string>;
  merchant_id: string;
  fee_model: string;
  percentage: ColumnType<string, number | string | undefined, number | string>;
  fixed_amount_minor: ColumnType<string, number | string | undefined, number | string>;
  currency: string;
  valid_from: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** A property's virtual card (VCC) config (decision 0295). */
export interface VccMerchantConfigsTable {
  id: Generated<string>;
  merchant_id: string;
  enabled: boolean;
  channels: string[];
  charge_timing: string;
  days_before_check_in: number | null;
  notification_email: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface KycApplicationsTable {
  id: Generated<string>;
  merchant_group_id: string;
  submitted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface KycStepDraftsTable {
  application_id: string;
  step: string;
  data: Json<Record<string, unknown>>;
  valid: Generated<boolean>;
  updated_by: string | null;
  updated_at: Timestamp;
}
export interface KycReviewFlagsTable {
  id: Generated<string>;
  application_id: string;
  target_kind: 'field' | 'document';
  target: string;
  reason: string;
  resolved_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  /** Decision 0703: a field flag's value when flagged, `{ value }` (value absent or null: the field had none); null for a document flag or an unknown value. */
  flagged_value: ColumnType<{ value?: unknown } | null, string | null | undefined, string | null>;
}
export interface DocumentsTable {
  id: Generated<string>;
  merchant_group_id: string;
  merchant_id: string | null;
  document_type: number;
  document_group: string;
  header: string;
  owner_ref: string | null;
  name: string;
  description: string | null;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  status: Generated<string>;
  uploaded_by: string | null;
  replaced_by: string | null;
  created_at: Timestamp;
}
export interface SurveyQuestionsTable {
  id: string;
  question_group: string;
  kind: string;
  label: string;
  options: Json<string[]>;
  position: number;
}
export interface MerchantSurveysTable {
  merchant_group_id: string;
  question_id: string;
  response: Json;
  updated_at: Timestamp;
}

export interface BookingsTable {
  id: Generated<string>;
  merchant_id: string;
  reference: string;
  guest_name: string;
  guest_email: string | null;
  check_in: ColumnType<string, string, string>;
  check_out: ColumnType<string, string, string>;
  amount_minor: BigIntColumn;
  currency: string;
  /** Decision 0212. */
  deposit_basis: Generated<string>;
  deposit_minor: BigIntColumn | null;
  pms_integration: Generated<string>;
  created_at: Timestamp;
}
export interface BookingLogsTable {
  id: Identity;
  booking_id: string;
  source: 'Booking' | 'Webhook';
  message: string;
  payload: Json | null;
  /** Decision 0212. */
  direction: Generated<'Inbound' | 'Outbound'>;
  http_status: number | null;
  request_body: string | null;
  response_body: string | null;
  created_at: Timestamp;
}
export interface PmsPostingsTable {
  id: Identity;
  booking_id: string;
  amount_minor: BigIntColumn;
  currency: string;
  description: string;
  outcome: 'Posted' | 'Rejected';
  pms_reference: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Identity;
  merchant_id: string;
  booking_id: string | null;
  reference_no: string;
  guest_name: string;
  guest_email: string | null;
  /** The name and e-mail lower-cased, written by the database, for the guest filter (decision 0341). */
  guest_search: GeneratedAlways<string>;
  amount_minor: BigIntColumn;
  currency: string;
  status: string;
  payment_type: string;
  charge_category: Generated<string>;
  card_brand: string | null;
  card_last4: string | null;
  /** The acquirer's token of the card kept at tokenization (decision 0210); never a card number. */
  card_token: Generated<string | null>;
  /** Authorization ledger in minor units (decision 0205). */
  authorized_minor: LedgerColumn;
  captured_minor: LedgerColumn;
  voided_minor: LedgerColumn;
  /** Refunded so far (decision 0230); never more than was captured (table constraint). */
  refunded_minor: LedgerColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PaymentOperationsTable {
  id: Identity;
  order_id: BigIntColumn;
  kind: string;
  outcome: string;
  amount_minor: BigIntColumn | null;
  currency: string;
  acquirer_reference: string | null;
  reason_code: number | null;
  note: string | null;
  actor_id: string | null;
  /** The secret key that made the call, when a key made it (decision 0370). */
  actor_key_id: string | null;
  created_at: Generated<Date>;
}
export interface OrderEmailHistoryTable {
  id: Identity;
  order_id: BigIntColumn;
  recipient: string;
  subject: string;
  status: string;
  sent_at: Timestamp;
}
export interface PaymentLinksTable {
  id: Generated<string>;
  merchant_id: string;
  order_id: BigIntColumn | null;
  token: string;
  amount_minor: BigIntColumn;
  currency: string;
  guest_name: string | null;
  guest_email: string | null;
  payment_type: Generated<string>;
  expires_at: Timestamp;
  created_by: string | null;
  created_by_key_id: string | null;
  created_at: Timestamp;
  /** Issue 15 (decision 0220): the form's fields and what the guest's payment leaves; never a card number. */
  charge_category: Generated<string>;
  booking_reference: Generated<string>;
  deposit_basis: Generated<string>;
  message: string | null;
  completed_at: NullableTimestamp;
  failed_attempts: Generated<number>;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  /** When the live streams were told the link expired (decision 0531); null while it is open or was paid. */
  expiry_announced_at: NullableTimestamp;
}
export interface RefundRulesTable {
  id: Generated<string>;
  /** A property for a property's own rule; null for the merchant group's rule (decision 0230). */
  merchant_id: string | null;
  merchant_group_id: string;
  name: Generated<string>;
  max_amount_minor: BigIntColumn | null;
  approvals_required: Generated<number>;
  data: Generated<Json<Record<string, unknown>>>;
  currency: string;
  auto_approve_up_to_minor: BigIntColumn;
  two_approvals_above_minor: BigIntColumn | null;
  daily_cap_minor: BigIntColumn | null;
  approver_roles: string[];
  updated_by: string | null;
  updated_at: Timestamp;
  created_at: Timestamp;
}
export interface RefundRequestsTable {
  id: Generated<string>;
  merchant_id: string;
  order_id: BigIntColumn;
  amount_minor: BigIntColumn;
  currency: string;
  reason: string;
  approval_status: Generated<string>;
  state: Generated<string>;
  requested_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  note: string | null;
  approvals_required: Generated<number>;
  approver_roles: Generated<string[]>;
  rule_id: string | null;
}
export interface RefundExecutionsTable {
  id: Identity;
  refund_request_id: string;
  outcome: string;
  amount_minor: BigIntColumn;
  currency: string;
  acquirer_reference: string | null;
  message: string | null;
  created_at: Timestamp;
}
export interface RefundApprovalsTable {
  id: Generated<string>;
  refund_request_id: string;
  approver_id: string;
  decision: string;
  comment: string | null;
  created_at: Timestamp;
}
export interface PayoutsTable {
  id: Generated<string>;
  merchant_id: string;
  reference: string;
  amount_minor: BigIntColumn;
  currency: string;
  status: string;
  schedule: Generated<string>;
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A payout's settlement line (decision 0430): signed minor units, linked to its order, refund or carried payout. */
export interface PayoutLinesTable {
  id: Identity;
  payout_id: string;
  kind: string;
  order_id: BigIntColumn | null;
  refund_request_id: string | null;
  carried_payout_id: string | null;
  amount_minor: BigIntColumn;
  currency: string;
  booked_at: ColumnType<Date, Date | string, Date | string>;
  note: string | null;
}
export interface PayoutAttemptsTable {
  id: Generated<string>;
  payout_id: string;
  attempt_no: number;
  status: string;
  error: string | null;
  requested_by: string | null;
  /** Sent by the payout run (decision 0582): the demo bank answers it; a seeded attempt in transit stays (decision 0137). */
  sent_by_run: Generated<boolean>;
  created_at: Timestamp;
}
export interface MetadataTable {
  id: Generated<string>;
  merchant_id: string | null;
  /** The order the record is attached to (decision 0211). */
  order_id: string | null;
  data: Json;
  created_by: string | null;
  created_by_key_id: string | null;
  created_at: Timestamp;
}
export interface ExportJobsTable {
  token: Generated<string>;
  /** One of the two: a person's export or a secret key's (decision 0370). */
  owner_user_id: string | null;
  owner_key_id: string | null;
  export_type: string;
  file_type: string;
  request: Json;
  columns: string[];
  status: Generated<string>;
  ticks: ColumnType<string, number | string | undefined, number | string>;
  error_messages: ColumnType<string[], string[] | undefined, string[]>;
  rows_written: ColumnType<string, number | string | undefined, number | string>;
  file_key: string | null;
  attempts: Generated<number>;
  claimed_by: string | null;
  heartbeat_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  downloaded_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface EmailOutboxTable {
  id: Identity;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<string>;
  error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}
export interface AuditLogTable {
  id: Identity;
  actor_user_id: string | null;
  /** A call made with a secret key names the key here; the detail names who made it (decision 0370). */
  actor_key_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** SMTP settings of a merchant group (merchant_id null) or one property; the password only encrypted (decision 0280). */
export interface SmtpSettingsTable {
  id: Generated<string>;
  merchant_group_id: string;
  merchant_id: string | null;
  provider: 'SMTP' | 'SendGrid';
  server: string;
  port: number;
  encryption: 'None' | 'STARTTLS' | 'SSL/TLS';
  username: string;
  password_cipher: string | null;
  sender_email: string;
  sender_name: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Webhook settings of a merchant group or one property; the signing secret only encrypted (decision 0281). */
export interface WebhookSettingsTable {
  id: Generated<string>;
  merchant_group_id: string;
  merchant_id: string | null;
  url: string;
  pay_later_url: string | null;
  secret_cipher: string;
  secret_hint: string;
  secret_created_at: Timestamp;
  /** The secret a rotation replaced: it signs beside the new one until it expires (decision 0290). */
  previous_secret_cipher: string | null;
  previous_secret_hint: string | null;
  previous_secret_expires_at: NullableTimestamp;
  updated_by: string | null;
  created_at: Timestamp;
  /** Any change to the row, a secret rotation included. */
  updated_at: Timestamp;
  /** The last save of the addresses: the version an address save names (a rotation leaves it, decision 0683). */
  addresses_updated_at: Timestamp;
}
/** One event for one receiver: the delivery job and its log entry (decision 0282). */
export interface WebhookDeliveriesTable {
  id: Identity;
  webhook_settings_id: string;
  merchant_group_id: string;
  merchant_id: string | null;
  event_id: Generated<string>;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  booking_id: string | null;
  target_url: string;
  status: Generated<'Pending' | 'Delivering' | 'Succeeded' | 'Failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_by: string | null;
  claimed_at: NullableTimestamp;
  last_response_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}
export interface WebhookDeliveryAttemptsTable {
  id: Identity;
  delivery_id: string;
  attempt_no: number;
  request_headers: Json<Record<string, string>>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

/** Two-step sign-in (decision 0271): the authenticator secret, encrypted with the token secret. */
export interface UserTwoStepTable {
  user_id: string;
  secret_encrypted: string;
  enabled_at: NullableTimestamp;
  last_used_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
}
/** One row at most (decision 0310): without it the default of the run's mode applies. */
export interface SignInPolicyTable {
  id: Generated<boolean>;
  require_two_step_for_provider_roles: boolean;
  updated_by: string | null;
  updated_at: Timestamp;
}
export interface TwoStepRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
}
export interface TwoStepChallengesTable {
  token_hash: string;
  user_id: string;
  callback_url: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** The live events outbox (migration 0310, decision 0441). */
export interface LiveEventsTable {
  id: Generated<string>;
  merchant_id: string | null;
  resource: string | null;
  owner_user_id: string | null;
  payload: Json;
  created_at: Timestamp;
}

export interface Database {
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  role_api_grants: RoleApiGrantsTable;
  merchant_groups: MerchantGroupsTable;
  merchants: MerchantsTable;
  property_review_flags: PropertyReviewFlagsTable;
  property_api_keys: PropertyApiKeysTable;
  property_brand_assets: PropertyBrandAssetsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_merchant_scopes: UserMerchantScopesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  password_reset_tokens: PasswordResetTokensTable;
  merchant_scopes: MerchantScopesTable;
  merchant_scope_properties: MerchantScopePropertiesTable;
  merchant_settings: MerchantSettingsTable;
  merchant_wizard_steps: MerchantWizardStepsTable;
  merchant_wizards: MerchantWizardsTable;
  fees: FeesTable;
  vcc_merchant_configs: VccMerchantConfigsTable;
  kyc_applications: KycApplicationsTable;
  kyc_step_drafts: KycStepDraftsTable;
  kyc_review_flags: KycReviewFlagsTable;
  documents: DocumentsTable;
  survey_questions: SurveyQuestionsTable;
  merchant_surveys: MerchantSurveysTable;
  bookings: BookingsTable;
  booking_logs: BookingLogsTable;
  pms_postings: PmsPostingsTable;
  orders: OrdersTable;
  order_email_history: OrderEmailHistoryTable;
  payment_operations: PaymentOperationsTable;
  payment_links: PaymentLinksTable;
  refund_rules: RefundRulesTable;
  refund_requests: RefundRequestsTable;
  refund_approvals: RefundApprovalsTable;
  refund_executions: RefundExecutionsTable;
  payouts: PayoutsTable;
  payout_attempts: PayoutAttemptsTable;
  payout_lines: PayoutLinesTable;
  metadata: MetadataTable;
  export_jobs: ExportJobsTable;
  email_outbox: EmailOutboxTable;
  audit_log: AuditLogTable;
  smtp_settings: SmtpSettingsTable;
  webhook_settings: WebhookSettingsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  user_two_step: UserTwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_challenges: TwoStepChallengesTable;
  sign_in_policy: SignInPolicyTable;
  live_events: LiveEventsTable;
}
