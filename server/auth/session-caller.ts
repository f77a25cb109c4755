import { CompiledQuery, sql } from 'kysely';
import type { RoleName } from '../../contract/roles';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf, OuterColumnsOf } from '../db/row-types';
import { runNamed } from '../db/named-statement';
import { mergePermissions, scopeSource, type Caller } from './caller';
import { isPolicyBound } from './sign-in-policy';

// Every signed-in API call first asks who calls: is the session open, the user and their group's
// status, their roles, grants and merchants, and whether the sign-in policy waits for their two-step
// set-up. As separate statements that was seven queries before the handler's own, each paying its
// parse, plan and round trip (on the embedded engine, on the server's one thread). Here it is one
// statement, and the same rules (scopeSource, mergePermissions, isPolicyBound) are applied to its
// answer (decision 0330). On PostgreSQL it is a named prepared statement (decision 0339).

/** The user and group through outer joins (NULL when the user is gone), typed from the schema (decision 0610). */
type CallerRow = OuterColumnsOf<'users', 'email' | 'merchant_group_id' | 'disabled'> & {
  live: boolean;
  group_status: ColumnOf<'merchant_groups', 'status'> | null;
  roles: ColumnOf<'user_roles', 'role_name'>[] | null;
  grants: ColumnsOf<'role_api_grants', 'resource' | 'actions'>[] | null;
  group_merchants: string[] | null;
  assigned_merchants: string[] | null;
  require_two_step: ColumnOf<'sign_in_policy', 'require_two_step_for_provider_roles'> | null;
  two_step_on: boolean;
};

export type SessionCaller =
  | { live: false }
  /** `caller` is undefined for a disabled or removed account. */
  | { live: true; caller: Caller | undefined; twoStepPending: boolean };

/**
 * The statement's text, built once (decision 0625): both engines compile it alike, and only its three
 * parameters (session, now, user, in this order) change from call to call.
 */
let callerStatementText: string | undefined;
function callerStatement(db: Db, userId: string, sessionId: string, now: Date): CompiledQuery<CallerRow> {
  callerStatementText ??= callerSql(db, '', '', now).sql;
  return CompiledQuery.raw(callerStatementText, [sessionId, now, userId]) as CompiledQuery<CallerRow>;
}

function callerSql(db: Db, userId: string, sessionId: string, now: Date): CompiledQuery<CallerRow> {
  return sql<CallerRow>`
    SELECT
      EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > ${now}) AS live,
      u.email, u.merchant_group_id, u.disabled, g.status AS group_status,
      ARRAY(SELECT r.role_name FROM user_roles r WHERE r.user_id = u.id ORDER BY r.position)::text[] AS roles,
      (SELECT json_agg(json_build_object('resource', a.resource, 'actions', a.actions)) FROM role_api_grants a
        WHERE a.role_name IN (SELECT r.role_name FROM user_roles r WHERE r.user_id = u.id)) AS grants,
      ARRAY(SELECT m.id::text FROM merchants m WHERE m.merchant_group_id = u.merchant_group_id) AS group_merchants,
      ARRAY(SELECT x.merchant_id::text FROM user_merchant_scopes x WHERE x.user_id = u.id) AS assigned_merchants,
      (SELECT p.require_two_step_for_provider_roles FROM sign_in_policy p LIMIT 1) AS require_two_step,
      EXISTS (SELECT 1 FROM user_two_step t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_step_on
    FROM (SELECT 1) AS one
    LEFT JOIN users u ON u.id = ${userId}
    LEFT JOIN merchant_groups g ON g.id = u.merchant_group_id`.compile(db);
}

/** The caller behind a session's access token, in one query. `demo` sets the sign-in policy's default. */
export async function sessionCaller(db: Db, userId: string, sessionId: string, demo: boolean): Promise<SessionCaller> {
  const rows = await runNamed(db, 'folio_session_caller', callerStatement(db, userId, sessionId, new Date()));
  const row = rows[0];
  if (!row?.live) return { live: false };
  if (row.email === null || row.disabled !== false) return { live: true, caller: undefined, twoStepPending: false };
  const roles = (row.roles ?? []) as RoleName[];
  const source = scopeSource(roles, row.merchant_group_id);
  const caller: Caller = {
    kind: 'person',
    userId,
    sessionId,
    email: row.email,
    roles,
    permissions: mergePermissions(row.grants ?? []),
    merchantGroupId: row.merchant_group_id,
    merchantGroupStatus: row.group_status ?? null,
    merchantScope: source === 'all' ? 'all' : source === 'group' ? (row.group_merchants ?? []) : source === 'assigned' ? (row.assigned_merchants ?? []) : [],
  };
  const requireTwoStep = row.require_two_step ?? !demo;
  return { live: true, caller, twoStepPending: isPolicyBound(caller) && requireTwoStep && !row.two_step_on };
}
