import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { emailEndpoints, type SentEmailSearch } from '../../../contract/emails';
import { call } from '../../lib/api-client';

export const sentEmailKeys = {
  list: (search: SentEmailSearch) => ['sent-emails', 'list', search] as const,
  detail: (id: string) => ['sent-emails', 'detail', id] as const,
};

export const sentEmailsQuery = (search: SentEmailSearch) =>
  queryOptions({
    queryKey: sentEmailKeys.list(search),
    queryFn: ({ signal }) => call(emailEndpoints.searchSentEmails, { body: search, signal }),
    placeholderData: keepPreviousData,
  });

export const sentEmailQuery = (id: string) =>
  queryOptions({
    queryKey: sentEmailKeys.detail(id),
    queryFn: ({ signal }) => call(emailEndpoints.getSentEmail, { params: { id }, signal }),
  });
