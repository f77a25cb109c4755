import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The data model of spec section 3 and the calls of section 7. Later migrations add columns and
// tables; this one lays down the entities and their relations. Status columns hold the spec's
// status names as text, guarded by CHECK constraints, so the database refuses unknown values.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE roles (
      name text PRIMARY KEY,
      side text NOT NULL CHECK (side IN ('provider', 'merchant', 'property', 'api', 'other')),
      description text NOT NULL DEFAULT ''
    );
    CREATE TABLE role_permissions (
      role_name text NOT NULL REFERENCES roles(name) ON DELETE CASCADE,
      resource text NOT NULL,
      actions text[] NOT NULL,
      PRIMARY KEY (role_name, resource)
    );

    CREATE TABLE merchant_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      status text NOT NULL DEFAULT 'Created' CHECK (status IN ('Created','Pending','InReview','SentForResubmission','Approved','Rejected','Deleted','Expired','ContractSigned','Active','ContractPending')),
      country text,
      contact_email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      status_changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX merchant_groups_status ON merchant_groups (status);

    -- A merchant is a property (hotel) of a merchant group.
    CREATE TABLE merchants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      name text NOT NULL,
      status text NOT NULL DEFAULT 'Created' CHECK (status IN ('Created','NotOnboarded','PendingReview','FeeSetup','Active','Inactive','ResubmissionRequired')),
      position integer NOT NULL DEFAULT 0,
      property_type text,
      latitude numeric(9,6),
      longitude numeric(9,6),
      post_code text,
      checkin_time text,
      checkout_time text,
      active boolean NOT NULL DEFAULT true,
      currency char(3) NOT NULL DEFAULT 'EUR',
      timezone text NOT NULL DEFAULT 'Europe/Amsterdam',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX merchants_group ON merchants (merchant_group_id, position);

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      first_login boolean NOT NULL DEFAULT true,
      disabled boolean NOT NULL DEFAULT false,
      merchant_group_id uuid REFERENCES merchant_groups(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      password_changed_at timestamptz
    );
    -- The order matters: the current role is the first role in the list (spec 6).
    CREATE TABLE user_roles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_name text NOT NULL REFERENCES roles(name),
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, role_name)
    );
    -- Property-level users see only the properties listed here; merchant-level users see their group.
    CREATE TABLE user_merchant_scopes (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      merchant_id uuid NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, merchant_id)
    );
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      refresh_token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      refreshed_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      user_agent text
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    CREATE TABLE merchant_scopes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      name text NOT NULL
    );
    CREATE TABLE merchant_scope_properties (
      scope_id uuid NOT NULL REFERENCES merchant_scopes(id) ON DELETE CASCADE,
      merchant_id uuid NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      PRIMARY KEY (scope_id, merchant_id)
    );

    -- Settings of a merchant group or one of its merchants, one row per kind (spec 7 "Settings").
    CREATE TABLE merchant_settings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      merchant_id uuid REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('location','config','smtp','email-config','payout-email','vcc','pms','ows','webhook','secret-keys','payment','processing','notifications','payout','currency-rules','brand-assets','property-info')),
      is_active boolean NOT NULL DEFAULT true,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX merchant_settings_kind ON merchant_settings (merchant_group_id, coalesce(merchant_id, '00000000-0000-0000-0000-000000000000'::uuid), kind);

    CREATE TABLE fees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      fee_model text NOT NULL CHECK (fee_model IN ('Blended','IC Plus','Other fee','Transaction fees')),
      percentage numeric(6,3) NOT NULL DEFAULT 0,
      fixed_amount_minor bigint NOT NULL DEFAULT 0,
      currency char(3) NOT NULL,
      valid_from date NOT NULL DEFAULT current_date,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- KYC application of a merchant group: one draft per wizard step plus documents and surveys.
    CREATE TABLE kyc_applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL UNIQUE REFERENCES merchant_groups(id),
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE kyc_step_drafts (
      application_id uuid NOT NULL REFERENCES kyc_applications(id) ON DELETE CASCADE,
      step text NOT NULL,
      data jsonb NOT NULL,
      valid boolean NOT NULL DEFAULT false,
      updated_by uuid REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, step)
    );
    CREATE TABLE kyc_review_flags (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      application_id uuid NOT NULL REFERENCES kyc_applications(id) ON DELETE CASCADE,
      target_kind text NOT NULL CHECK (target_kind IN ('field','document')),
      target text NOT NULL,
      reason text NOT NULL,
      resolved_at timestamptz,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      merchant_id uuid REFERENCES merchants(id),
      document_type smallint NOT NULL CHECK (document_type BETWEEN 0 AND 16),
      document_group text NOT NULL CHECK (document_group IN ('Merchant','Settlement','UBO','ProofOfPaymentProcessor','BrandAsset')),
      header text NOT NULL,
      owner_ref text,
      name text NOT NULL,
      description text,
      storage_key text NOT NULL UNIQUE,
      content_type text NOT NULL,
      size_bytes integer NOT NULL,
      sha256 text NOT NULL,
      status text NOT NULL DEFAULT 'Created' CHECK (status IN ('Created','InProgress','Waited','Failed','Completed','Approved')),
      uploaded_by uuid REFERENCES users(id),
      replaced_by uuid REFERENCES documents(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_group ON documents (merchant_group_id, header);
    CREATE TABLE survey_questions (
      id text PRIMARY KEY,
      question_group text NOT NULL CHECK (question_group IN ('BusinessInfo','SanctionExposure')),
      kind text NOT NULL CHECK (kind IN ('checkbox','radio')),
      label text NOT NULL,
      options jsonb NOT NULL DEFAULT '[]',
      position integer NOT NULL
    );
    CREATE TABLE merchant_surveys (
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      question_id text NOT NULL REFERENCES survey_questions(id),
      response jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_group_id, question_id)
    );

    CREATE TABLE bookings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      reference text NOT NULL,
      guest_name text NOT NULL,
      guest_email text,
      check_in date NOT NULL,
      check_out date NOT NULL,
      amount_minor bigint NOT NULL,
      currency char(3) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bookings_merchant ON bookings (merchant_id, created_at DESC);
    CREATE TABLE booking_logs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('Booking','Webhook')),
      message text NOT NULL,
      payload jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Orders are the transactions of spec 2 "/transactions". Amounts in minor units.
    CREATE TABLE orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      booking_id uuid REFERENCES bookings(id),
      reference_no text NOT NULL,
      guest_name text NOT NULL,
      guest_email text,
      amount_minor bigint NOT NULL,
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('Pending','Created','Tokenized','Paid','Failed','Cancelled','PaymentLinkSentNoProcessing')),
      payment_type text NOT NULL CHECK (payment_type IN ('PN','PL','AU')),
      charge_category text NOT NULL DEFAULT 'Rooms' CHECK (charge_category IN ('Rooms','FnB','Spa','Other','CheckOut','CheckIn')),
      card_brand text,
      card_last4 char(4),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_merchant_created ON orders (merchant_id, created_at DESC, id DESC);
    CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
    CREATE INDEX orders_reference ON orders (reference_no);
    CREATE TABLE order_email_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      recipient text NOT NULL,
      subject text NOT NULL,
      status text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE payment_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      order_id bigint REFERENCES orders(id),
      token text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL,
      currency char(3) NOT NULL,
      guest_name text,
      guest_email text,
      payment_type text NOT NULL DEFAULT 'PN' CHECK (payment_type IN ('PN','PL','AU')),
      expires_at timestamptz NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE refund_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      name text NOT NULL,
      max_amount_minor bigint,
      approvals_required smallint NOT NULL DEFAULT 1,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE refund_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      order_id bigint NOT NULL REFERENCES orders(id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      reason text NOT NULL,
      approval_status text NOT NULL DEFAULT 'Pending' CHECK (approval_status IN ('Pending','PartiallyApproved','Approved','Rejected','ApprovedOverridden')),
      state text NOT NULL DEFAULT 'Created' CHECK (state IN ('Created','Accepted','PartiallyAccepted','Pending','Rejected','Completed','Failed','Changed')),
      requested_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refund_requests_merchant ON refund_requests (merchant_id, created_at DESC);
    CREATE TABLE refund_approvals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      refund_request_id uuid NOT NULL REFERENCES refund_requests(id) ON DELETE CASCADE,
      approver_id uuid NOT NULL REFERENCES users(id),
      decision text NOT NULL CHECK (decision IN ('approve','reject','override')),
      comment text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id),
      reference text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL,
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('Scheduled','Processing','Paid','Failed')),
      schedule text NOT NULL DEFAULT 'Daily' CHECK (schedule IN ('Daily','Weekly','Monthly','Manually')),
      period_start date NOT NULL,
      period_end date NOT NULL,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payouts_merchant_created ON payouts (merchant_id, created_at DESC);
    CREATE INDEX payouts_created ON payouts (created_at DESC);
    -- A retry is a new attempt of the same payout, never a second payout.
    CREATE TABLE payout_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      payout_id uuid NOT NULL REFERENCES payouts(id) ON DELETE CASCADE,
      attempt_no integer NOT NULL,
      status text NOT NULL CHECK (status IN ('Processing','Paid','Failed')),
      error text,
      requested_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (payout_id, attempt_no)
    );

    CREATE TABLE metadata (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid REFERENCES merchants(id),
      data jsonb NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Export jobs, claimed by workers with FOR UPDATE SKIP LOCKED (architecture.md "jobs").
    CREATE TABLE export_jobs (
      token uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_user_id uuid NOT NULL REFERENCES users(id),
      export_type text NOT NULL CHECK (export_type IN ('TRANSACTION','PAYOUT','REFUND')),
      file_type text NOT NULL CHECK (file_type IN ('csv','xlsx')),
      request jsonb NOT NULL,
      columns text[] NOT NULL,
      status text NOT NULL DEFAULT 'Starting' CHECK (status IN ('Starting','Processing','ProcessingReady','Ready','Failed')),
      ticks bigint NOT NULL DEFAULT 0,
      error_messages text[] NOT NULL DEFAULT '{}',
      rows_written bigint NOT NULL DEFAULT 0,
      file_key text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      heartbeat_at timestamptz,
      cancelled_at timestamptz,
      downloaded_at timestamptz,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX export_jobs_claimable ON export_jobs (status, created_at) WHERE status IN ('Starting','Processing');

    CREATE TABLE email_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed','stored')),
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_user_id uuid REFERENCES users(id),
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, created_at);
  `,
  );
}
