import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { userAdminEndpoints, type UserListQuery } from '../../../contract/user-admin';
import { call } from '../../lib/api-client';

const e = userAdminEndpoints;

export const userKeys = {
  all: ['users'] as const,
  list: (groupId: string | null, query: UserListQuery) => ['users', 'list', groupId, query] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  audit: (id: string) => ['users', 'audit', id] as const,
  assignableProperties: (groupId: string | null) => ['users', 'assignable-properties', groupId] as const,
  assignableGroups: ['users', 'assignable-groups'] as const,
};

/** A merchant-side caller reads their group's users (spec 7 `GET /users/merchant-group/{id}`); provider staff everyone. */
export const usersQuery = (groupId: string | null, query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(groupId, query),
    queryFn: ({ signal }) => (groupId ? call(e.listGroupUsers, { params: { id: groupId }, query, signal }) : call(e.listUsers, { query, signal })),
    placeholderData: keepPreviousData,
  });

export const userDetailQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => call(e.getUserDetail, { params: { id }, signal }) });

export const userAuditQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.audit(id), queryFn: ({ signal }) => call(e.getUserAudit, { params: { id }, signal }) });

export const assignablePropertiesQuery = (groupId: string | null) =>
  queryOptions({
    queryKey: userKeys.assignableProperties(groupId),
    queryFn: ({ signal }) => call(e.getAssignableProperties, { query: groupId ? { merchantGroupId: groupId } : {}, signal }),
  });

export const assignableGroupsQuery = () =>
  queryOptions({ queryKey: userKeys.assignableGroups, queryFn: ({ signal }) => call(e.getAssignableGroups, { signal }) });
