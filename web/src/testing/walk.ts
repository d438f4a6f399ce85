import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { MerchantFlow } from '../content/hooks';
import { loadAddressForm } from '../components/address/AddressCheck';
import { loadStreetCombobox } from '../components/address/StreetField';
import { isLoadingStage, type Stage } from '../flows/retail/routes';
import type { Recording, ScenarioInput } from './recordings';

/** A stage of the retail page, or the app's error page the flow can end on. */
export type RetailEnd = Stage | 'errorPage';

const TIMEOUT = 10_000;

/**
 * A story loader: the address form's and the street combobox's code are loaded before the
 * story renders, so a story showing the address check draws them from the start, not the plain
 * stand-ins they replace (`components/address/AddressCheck`, `StreetField`).
 */
export async function addressCheckLoaded(): Promise<void> {
  await Promise.all([loadAddressForm(), loadStreetCombobox()]);
}

function currentStage(root: HTMLElement): string | null {
  return root.querySelector('[data-stage]')?.getAttribute('data-stage') ?? null;
}

/** Waits until a stage that is not a loading stage shows, and returns its name. */
async function settled(root: HTMLElement): Promise<string> {
  return waitFor(
    () => {
      const stage = currentStage(root);
      if (!stage || isLoadingStage(stage)) throw new Error(`still at ${stage ?? 'nothing'}`);
      return stage;
    },
    { timeout: TIMEOUT },
  );
}

export async function waitForStage(root: HTMLElement, stage: RetailEnd): Promise<void> {
  await waitFor(() => expect(root.querySelector(`[data-stage="${stage}"]`)).toBeVisible(), { timeout: TIMEOUT });
}

/**
 * Walks the retail flow with a scenario's input, as a person would: types the address, picks
 * the unit, enters the device code and phone. Stops when `stopAt` shows (when given).
 */
export async function walkRetail(root: HTMLElement, input: ScenarioInput, mf: MerchantFlow, stopAt?: RetailEnd) {
  const canvas = within(root);
  await waitForStage(root, 'addressCheck');
  if (stopAt === 'addressCheck') return;

  const ac = mf.addressCheck;
  // the street at once (as Playwright's fill): typed letter by letter on a busy machine, a pause
  // past the 300 ms debounce asked for suggestions of a partial street, which no recording holds
  await userEvent.click(await canvas.findByRole('combobox', { name: ac.streetLabel }, { timeout: TIMEOUT }));
  await userEvent.paste(input.street);
  const unit = canvas.getByRole('textbox', { name: ac.unitLabel });
  await userEvent.click(unit);
  if (input.unit) await userEvent.type(unit, input.unit);
  await userEvent.type(canvas.getByRole('textbox', { name: ac.zipLabel }), input.zip);
  const submit = canvas.getByRole('button', { name: ac.submit });
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
  if (stopAt === 'validateAddress') return waitForStage(root, 'validateAddress');

  let stage = await settled(root);
  if (stage === 'addressMultiUnit') {
    if (stopAt === stage || !input.pickUnit) return;
    await userEvent.type(canvas.getByRole('textbox', { name: mf.multiUnit.filterLabel }), input.pickUnit);
    await userEvent.click(canvas.getByRole('radio', { name: input.pickUnit }));
    await userEvent.click(canvas.getByRole('button', { name: mf.multiUnit.confirm }));
    stage = await settled(root);
  }
  if (stage === 'serviceable' && stopAt !== 'serviceable' && input.deviceCode) {
    const s = mf.serviceable;
    await userEvent.type(canvas.getByRole('textbox', { name: s.deviceCodeLabel }), input.deviceCode);
    await userEvent.type(canvas.getByRole('textbox', { name: s.phoneLabel }), input.phone ?? '');
    const go = canvas.getByRole('button', { name: s.submit });
    await waitFor(() => expect(go).toBeEnabled());
    await userEvent.click(go);
    if (stopAt === 'codeCheckSubmit') return waitForStage(root, 'codeCheckSubmit');
    await settled(root);
  }
}

export interface StagePlan {
  recording: Recording;
  stopAt?: RetailEnd;
  hold?: string[];
}

const VALIDATE = '/secure/api/v1/serviceability/address/validate-customer-address';
const ASSIGN = '/van-service-api/assign';

/** Chooses the recorded scenario that reaches `stage` (its own end first, else one passing by). */
export function planFor(stage: RetailEnd, recordings: Recording[]): StagePlan | undefined {
  const sorted = [...recordings].sort((a, b) => a.exchanges.length - b.exchanges.length || a.scenario.id.localeCompare(b.scenario.id));
  const own = sorted.find((r) => r.scenario.expect.stage === stage);
  if (own) return { recording: own };
  const has = (r: Recording, path: string) => r.exchanges.some((e) => e.path === path);
  switch (stage) {
    case 'addressCheck': {
      const r = sorted[0];
      return r && { recording: r, stopAt: stage };
    }
    case 'validateAddress': {
      const r = sorted.find((x) => has(x, VALIDATE));
      return r && { recording: r, stopAt: stage, hold: [VALIDATE] };
    }
    case 'codeCheckSubmit': {
      const r = sorted.find((x) => has(x, ASSIGN) && x.scenario.input.deviceCode);
      return r && { recording: r, stopAt: stage, hold: [ASSIGN] };
    }
    case 'addressMultiUnit': {
      const r = sorted.find((x) => x.scenario.input.pickUnit);
      return r && { recording: r, stopAt: stage };
    }
    case 'serviceable': {
      const r = sorted.find((x) => x.scenario.input.deviceCode);
      return r && { recording: r, stopAt: stage };
    }
    default:
      return undefined;
  }
}
