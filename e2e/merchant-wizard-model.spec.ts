import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { AnyMachineSnapshot } from 'xstate';
import { MERCHANT_API } from '../contract/product';
import { MERCHANT_WIZARD_STEPS } from '../contract/settings/merchant-wizard';
import { merchantWizardInput, merchantWizardMachine } from '../machines/merchant-wizard.machine';
import type { WizardProgress } from '../machines/wizard.machine';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';
import { excuseUncovered } from '../testing/model/coverage-record';
import { machinePaths, stableJson, stateCoverage } from '../testing/model/machine-paths';
import { wizardPathTitle, wizardProgressSamples, withReplayedSnapshots } from '../testing/model/wizard-paths';
import { createModelDriver } from '../testing/model/model-driver';
import { signInAs } from './export-support/api';
import { MerchantWizardGate } from './settings-support/merchant-wizard-gate';
import { usePrivateServer } from './support/private-server';

/*
 * Model-based paths through the merchant wizard, generated from its machine, driven through the
 * real UI against a real server. Every step of the Active group's wizard is saved beforehand (so
 * every step is valid, as the sampled answers say); the wizard's load, save-step and complete calls
 * are held by the gate until the path says how they end. A successful complete is answered as the
 * server answers it without completing, so every path starts from the same wizard; the real finish
 * is in settings-merchant-wizard.spec.ts.
 */

const server = usePrivateServer(56);
test.describe.configure({ mode: 'serial' });

const PROVIDER_ADMIN = 'folioadmin@demo.folio.test';
const GROUP_NAME = 'Kastro Island Resorts';
const { allValid, edit: EDIT, readOnly: READ_ONLY } = wizardProgressSamples(MERCHANT_WIZARD_STEPS, { saved: true });
const OPENED_AT_FIRST_STEP = { ...merchantWizardInput, startAt: 'currency-rules' };

const paths = machinePaths(merchantWizardMachine, {
  input: OPENED_AT_FIRST_STEP,
  // No wizard.save: each step's form saves and moves on; there is no "save without moving" button.
  events: [
    { type: 'wizard.next', data: {} },
    { type: 'wizard.back' },
    { type: 'wizard.go-to', stepId: 'location-settings' },
    { type: 'wizard.submit' },
    { type: 'wizard.retry' },
    { type: 'wizard.dismiss' },
    { type: 'wizard.reload' },
  ],
  environment: { output: { loadProgress: [EDIT, READ_ONLY], saveStep: [{ steps: allValid }] } },
  serialize: (snapshot) => stableJson([snapshot.value, snapshot.context.pending?.intent ?? null]),
  cover: 'transitions',
});

const STEP_TITLES: Record<string, string> = {
  'currency-rules': 'Currency rules',
  'location-settings': 'Location settings',
  'payment-settings': 'Payment settings',
  'processing-settings': 'Processing settings',
  fees: 'Fees',
  'payout-emails': 'Payout e-mails',
  'ows-settings': 'OWS settings',
  'email-settings': 'E-mail settings',
};

excuseUncovered(merchantWizardMachine, {
  'editing|wizard.save|0':
    'the merchant wizard offers no "save without moving on": each step form saves and moves on (wizard.next); saving a draft in place is covered by machines/wizard.machine.test.ts and the KYC paths of e2e/kyc-wizard-model.spec.ts',
  'saving|xstate.done.actor.saveStep|1':
    'a saved draft that stays on its step follows wizard.save only, which the merchant wizard does not offer (see above); covered by machines/wizard.machine.test.ts',
  'editing|wizard.next|0':
    'moving past an unflagged step in resubmission: the merchant wizard has no resubmission mode (only edit or read-only); covered by machines/wizard.machine.test.ts',
  'editing|wizard.back|0':
    'every path opens the first step, where there is no step to go back to; going back is covered by machines/wizard.machine.test.ts and the reload-and-resume story in e2e/settings-merchant-wizard.spec.ts walks forward through every step',
  'advancing|always|1':
    'next on a valid last step finishes: these paths open the first step; covered by machines/merchant-wizard.machine.test.ts ("saves each step as a draft and finishes after the last") and the finish in e2e/settings-merchant-wizard.spec.ts',
});

let gate: MerchantWizardGate;
let groupId = '';
const primary = (page: Page) => page.getByRole('button', { name: /^(Save and continue|Save and finish the wizard|Continue|Saving…)$/ });

const driver = createModelDriver<Page>(
  merchantWizardMachine,
  {
    states: {
      loading: (page) => expect(page.getByRole('status').filter({ hasText: 'Loading the merchant wizard…' })).toBeVisible(),
      loadFailed: async (page) => {
        await expect(page.getByRole('alert').filter({ hasText: 'The merchant wizard could not be loaded: simulated outage' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      },
      locked: async (page) => {
        await expect(page.getByTestId('merchant-wizard-locked')).toHaveText('The merchant wizard is finished: change each setting on its page.');
        await expect(page.getByRole('form')).toHaveCount(0);
      },
      editing: async (page, snapshot: AnyMachineSnapshot) => {
        const index = snapshot.context.currentIndex as number;
        const step = MERCHANT_WIZARD_STEPS[index]!;
        await expect(page.getByRole('heading', { level: 2, name: `Step ${index + 1} of 8: ${STEP_TITLES[step]}` })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/merchants/${step}\\?merchantGroupId=${groupId}&isOnboarding=true$`));
        await expect(page.getByRole('alert').filter({ hasText: /could not be (saved|finished)/ })).toHaveCount(0);
      },
      saving: (page) => expect(page.getByRole('status').filter({ hasText: 'Saving the step…' })).toBeVisible(),
      saveFailed: (page) => expect(page.getByRole('alert').filter({ hasText: 'This step could not be saved: simulated outage' })).toBeVisible(),
      submitting: (page) => expect(page.getByRole('status').filter({ hasText: 'Finishing the merchant wizard…' })).toBeVisible(),
      submitFailed: (page) => expect(page.getByRole('alert').filter({ hasText: 'The merchant wizard could not be finished: simulated outage' })).toBeVisible(),
      submitted: (page) => expect(page.getByRole('status').filter({ hasText: 'The merchant wizard is finished.' })).toBeVisible(),
    },
    events: {
      'wizard.save': () => {
        throw new Error('the merchant wizard has no save-without-moving button (excused above)');
      },
      'wizard.next': (page) => primary(page).first().click(),
      'wizard.back': (page) => page.getByRole('button', { name: 'Back', exact: true }).click(),
      'wizard.go-to': (page) =>
        page
          .getByRole('navigation', { name: 'Merchant wizard progress' })
          .getByRole('button', { name: /^2\. Location settings/ })
          .click(),
      'wizard.submit': (page) => page.getByRole('button', { name: 'Finish the wizard' }).click(),
      'wizard.retry': (page) => page.getByRole('button', { name: 'Try again' }).click(),
      'wizard.dismiss': (page) => page.getByRole('button', { name: 'Keep editing' }).click(),
      'wizard.reload': async (page) => {
        gate.clear();
        await page.reload();
      },
      'xstate.done.actor.loadProgress': (_page, event) =>
        (event.output as WizardProgress).mode === 'readOnly'
          ? gate.answer('load', (answer) => ({ ...answer, completedAt: new Date().toISOString() }))
          : gate.pass('load'),
      'xstate.error.actor.loadProgress': () => gate.fail('load'),
      'xstate.done.actor.saveStep': () => gate.pass('save'),
      'xstate.error.actor.saveStep': () => gate.fail('save'),
      'xstate.done.actor.submit': () => gate.answer('submit', (answer) => ({ ...answer, completedAt: new Date().toISOString() })),
      'xstate.error.actor.submit': () => gate.fail('submit'),
    },
  },
  {
    reset: async (page) => {
      gate = new MerchantWizardGate(page);
      await gate.install();
      await signInAs(page, PROVIDER_ADMIN);
      await page.goto(`/merchants/currency-rules?merchantGroupId=${groupId}&isOnboarding=true`);
    },
  },
);

const VALID_SETTINGS: Array<[string, object]> = [
  ['currency-rules', { acceptedCurrencies: ['EUR'], settlementCurrency: 'EUR' }],
  [
    'location',
    {
      timezone: 'Europe/Athens',
      contactName: 'Desk',
      contactEmail: 'desk@kastro.example',
      contactPhone: '+30 21 0000 0000',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    },
  ],
  ['payment', { paymentTypes: ['PN'], chargeCategories: ['Rooms'], depositBasis: 'None', depositPercentage: 0 }],
  [
    'processing',
    {
      schemes: ['visaMastercardWorldwide'],
      forceAuthorization: false,
      userAuthentication: true,
      paymentTime: '09:00',
      paymentDays: ['Mon'],
      linkExpiryHours: 24,
      cardholderNameRequired: true,
      guestEmailDomains: [],
    },
  ],
  ['payout-emails', { to: ['payouts@kastro.example'], cc: [], bcc: [] }],
  ['ows', { pmsIntegration: 'None', postPayments: false, postRefunds: false, postAuthorizations: false, owsStatuses: [] }],
];

/** Every step of the group's wizard saved and valid, through the API as a provider admin. */
async function prepareWizard(request: APIRequestContext): Promise<string> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/callback/credentials', { form: { csrfToken, email: PROVIDER_ADMIN, password: DEMO_PASSWORD, callbackUrl: '/' } });
  const { accessToken } = (await (await request.get('/api/auth/session')).json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const groups = (await (await request.get(`${MERCHANT_API}/merchant-groups?search=${encodeURIComponent(GROUP_NAME)}`, { headers })).json()) as {
    items: Array<{ merchantGroupId: string; name: string }>;
  };
  const id = groups.items.find((item) => item.name === GROUP_NAME)!.merchantGroupId;
  for (const [kind, values] of VALID_SETTINGS)
    expect((await request.put(`${MERCHANT_API}/merchant-group-settings/${id}/${kind}`, { headers, data: values })).ok()).toBe(true);
  for (const step of MERCHANT_WIZARD_STEPS)
    expect((await request.post(`${MERCHANT_API}/merchant-wizard/${id}/steps`, { headers, data: { step, data: {} } })).ok()).toBe(true);
  return id;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  groupId = await prepareWizard(request);
  await request.dispose();
});

test('the paths visit every state of the merchant wizard machine', () => {
  expect(stateCoverage(merchantWizardMachine, paths).missing).toEqual([]);
});

for (const path of paths) {
  test(`merchant wizard reaches ${wizardPathTitle(path)}`, async ({ page }) => {
    await driver.run(page, withReplayedSnapshots(merchantWizardMachine, path, OPENED_AT_FIRST_STEP));
  });
}
