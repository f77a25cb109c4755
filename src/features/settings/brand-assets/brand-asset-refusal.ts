import { brandAssetRuleKey } from '../../../../contract/brand-assets';
import { ResponseError } from '../../../lib/failure-message';

// A refused upload as the brand asset screen says it. A refusal the catalogue words by its code (decision 0710) names
// the rule and the file's facts in one sentence, which the API client put in both the detail and the field message:
// said once (issue 34). One without names the rule on the field, as a catalogue key, and the facts in the server's words.

export type BrandAssetRefusal = { rule?: string; detail: string };

const RULE_KEY_PREFIX = brandAssetRuleKey('format').replace(/[^.]+$/, '');

export function brandAssetRefusalOf(error: unknown): BrandAssetRefusal | null {
  if (!(error instanceof ResponseError)) return null;
  const body = error.body as { errors?: { file?: string[] }; detail?: string } | undefined;
  const field = body?.errors?.file?.[0];
  return { rule: field?.startsWith(RULE_KEY_PREFIX) ? field : undefined, detail: body?.detail ?? error.message };
}
