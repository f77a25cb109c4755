import { queryOptions } from '@tanstack/react-query';
import { smtpSettingsEndpoints, type SmtpSettingsInput } from '../../../../contract/smtp-settings';
import type { SettingsScope } from '../../../../contract/settings/scope';
import { call } from '../../../lib/api-client';

// The e-mail settings form's calls (spec 7 `merchant-smtp`; decision 0280).

const { searchMerchantSmtp, saveMerchantSmtp, testMerchantSmtp } = smtpSettingsEndpoints;

export const smtpSettingsKey = (scope: SettingsScope) => ['integrations', 'smtp', scope] as const;

export const smtpSettingsQuery = (scope: SettingsScope) =>
  queryOptions({
    queryKey: smtpSettingsKey(scope),
    queryFn: ({ signal }) => call(searchMerchantSmtp, { body: { scope }, signal }),
    meta: { errorToast: false },
  });

/** `ifMatch`: the version of the settings the form was built from (decision 0354); someone else's newer save refuses it (412). */
export const saveSmtpSettings = (body: SmtpSettingsInput, ifMatch: string) => call(saveMerchantSmtp, { body, ifMatch });

export const sendSmtpTest = (scope: SettingsScope, to: string) => call(testMerchantSmtp, { body: { scope, to } });
