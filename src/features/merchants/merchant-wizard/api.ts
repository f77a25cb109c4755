import { queryOptions } from '@tanstack/react-query';
import { merchantWizardEndpoints } from '../../../../contract/settings/merchant-wizard';
import { call } from '../../../lib/api-client';

/** The wizard's progress as the server has it: shown to say why a wizard is locked. */
export const merchantWizardQuery = (merchantGroupId: string) =>
  queryOptions({
    queryKey: ['merchant-wizard', merchantGroupId],
    queryFn: () => call(merchantWizardEndpoints.getMerchantWizard, { params: { merchantGroupId } }),
  });
