import { CompiledQuery, sql } from 'kysely';
import type { RoleName, UserPermission } from '../../contract/roles';
import type { Db } from '../db/database';
import type { ColumnOf, OuterColumnsOf } from '../db/row-types';
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
  /** Role names in order, comma-separated (role names hold no comma). */
  roles: string;
  /** The roles' grant rows as JSON text: `[{resource, actions}]`, or NULL without any. */
  grants: string | null;
  /** Merchant ids, comma-separated. */
  group_merchants: string;
  assigned_merchants: string;
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
      array_to_string(ARRAY(SELECT r.role_name FROM user_roles r WHERE r.user_id = u.id ORDER BY r.position), ',') AS roles,
      (SELECT json_agg(json_build_object('resource', a.resource, 'actions', a.actions) ORDER BY a.role_name, a.resource)::text FROM role_api_grants a
        WHERE a.role_name IN (SELECT r.role_name FROM user_roles r WHERE r.user_id = u.id)) AS grants,
      array_to_string(ARRAY(SELECT m.id::text FROM merchants m WHERE m.merchant_group_id = u.merchant_group_id), ',') AS group_merchants,
      array_to_string(ARRAY(SELECT x.merchant_id::text FROM user_merchant_scopes x WHERE x.user_id = u.id), ',') AS assigned_merchants,
      (SELECT p.require_two_step_for_provider_roles FROM sign_in_policy p LIMIT 1) AS require_two_step,
      EXISTS (SELECT 1 FROM user_two_step t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_step_on
    FROM (SELECT 1) AS one
    LEFT JOIN users u ON u.id = ${userId}
    LEFT JOIN merchant_groups g ON g.id = u.merchant_group_id`.compile(db);
}

/**
 * What a caller's roles, grants and merchants become, kept by the text the statement answered (decision 0635):
 * every call of a session reads the same texts, and the lists made of them (the grants merged over the roles,
 * the merchant ids) are made once. The statement still runs on every call, so a changed grant or scope is a
 * changed text and applies at the next call. The lists are frozen: every caller of that scope shares them.
 */
const KEPT = 10_000;
const listsByText = new Map<string, readonly string[]>();
const permissionsByText = new Map<string, UserPermission[]>();

function kept<T>(memo: Map<string, T>, text: string, make: () => T): T {
  const known = memo.get(text);
  if (known !== undefined) return known;
  const made = make();
  if (memo.size >= KEPT) memo.clear();
  memo.set(text, made);
  return made;
}

/** A comma-separated list as a frozen array, made once per text. */
function listOf(text: string): string[] {
  return kept(listsByText, text, () => Object.freeze(text === '' ? [] : text.split(','))) as string[];
}

/** One list for every caller without grants, so two answers without any are the same list (server/auth/request-caller.ts `sameCaller`). */
const NO_PERMISSIONS = Object.freeze([]) as unknown as UserPermission[];

function permissionsOf(grants: string | null): UserPermission[] {
  if (grants === null) return NO_PERMISSIONS;
  return kept(permissionsByText, grants, () => {
    const merged = mergePermissions(JSON.parse(grants) as { resource: string; actions: string[] }[]);
    merged.forEach((entry) => Object.freeze(entry.permissions));
    return Object.freeze(merged.map((entry) => Object.freeze(entry))) as UserPermission[];
  });
}

/** The caller behind a session's access token, in one query. `demo` sets the sign-in policy's default. */
export async function sessionCaller(db: Db, userId: string, sessionId: string, demo: boolean): Promise<SessionCaller> {
  const rows = await runNamed(db, 'folio_session_caller', callerStatement(db, userId, sessionId, new Date()));
  const row = rows[0];
  if (!row?.live) return { live: false };
  if (row.email === null || row.disabled !== false) return { live: true, caller: undefined, twoStepPending: false };
  const roles = listOf(row.roles) as RoleName[];
  const source = scopeSource(roles, row.merchant_group_id);
  const caller: Caller = {
    kind: 'person',
    userId,
    sessionId,
    email: row.email,
    roles,
    permissions: permissionsOf(row.grants),
    merchantGroupId: row.merchant_group_id,
    merchantGroupStatus: row.group_status ?? null,
    merchantScope:
      source === 'all' ? 'all' : source === 'group' ? listOf(row.group_merchants) : source === 'assigned' ? listOf(row.assigned_merchants) : listOf(''),
  };
  const requireTwoStep = row.require_two_step ?? !demo;
  return { live: true, caller, twoStepPending: isPolicyBound(caller) && requireTwoStep && !row.two_step_on };
}
