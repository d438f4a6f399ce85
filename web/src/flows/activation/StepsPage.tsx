import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  Button,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  FieldError,
  type Key,
  Form,
  Heading,
  Input,
  Label,
  Text,
  TextField,
} from 'react-aria-components';
import { z } from 'zod/mini';
import { track, trackCallFailure } from '../../lib/analytics';
import type { Locale } from '../../lib/locale';
import { validateMac, type ActivateBody, type Activation } from './api';
import { fill } from '../../lib/format';
import type { ActivationTexts } from './content';
import { formatMac, MAC_PLACEHOLDER, macComplete } from './mac';
import { STEP_MS } from './timers';

type StepId = 'account' | 'name' | 'device';

/** Each step's turn in `STEP_MS` (seed 001 §9 "Activation step timings 0.5/1/1.5 s"); a non-VAN account skips the name's. */
const TURN: Record<StepId, number> = { account: 0, name: 1, device: 2 };
const stepsOf = (van: boolean): StepId[] => (van ? ['account', 'name', 'device'] : ['account', 'device']);

/** Seed 001 §5 "Account name step: non-empty first and last name". */
const nameSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(60, 'nameRequired')),
  lastName: z.string().check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(60, 'nameRequired')),
});
type Names = z.infer<typeof nameSchema>;

/** The steps' timers: how many turns have come (0.5 s, 1 s, 1.5 s after the steps showed). */
function useStepTurns(): number {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    const timers = STEP_MS.map((ms, i) => setTimeout(() => setTurns((t) => Math.max(t, i + 1)), ms));
    return () => timers.forEach(clearTimeout);
  }, []);
  return turns;
}

function Step({ id, title, done, texts, children }: { id: StepId; title: string; done: boolean; texts: ActivationTexts['steps']; children: ReactNode }) {
  return (
    <Disclosure id={id} className="activation-step" data-testid={`step-${id}`} data-complete={done}>
      <Heading level={2} className="activation-step__heading">
        <Button slot="trigger" className="activation-step__trigger">
          <span className="faq__chevron" aria-hidden="true" />
          <span className="activation-step__title">{title}</span>
          <span className={`activation-step__status${done ? ' activation-step__status--done' : ''}`}>{done ? texts.complete : texts.pending}</span>
        </Button>
      </Heading>
      <DisclosurePanel className="activation-step__panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}

export interface StepsPageProps {
  texts: ActivationTexts;
  activation: Activation;
  locale: Locale;
  onActivate: (body: ActivateBody) => void;
}

/**
 * The three-step accordion (seed 001 §2 "Activation", §4 "Activation", §5): the account id
 * completes by itself; the account name (VAN accounts only) needs a first and last name; the
 * device step completes when the modem was located, else with a recognised typed MAC address.
 * Activate is enabled once every step is complete.
 */
export function StepsPage({ texts, activation, locale, onActivate }: StepsPageProps) {
  const s = texts.steps;
  const steps = stepsOf(activation.van);
  const turns = useStepTurns();
  const hadTurn = (id: StepId) => turns > TURN[id];

  const { control, watch } = useForm<Names>({
    resolver: zodResolver(nameSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '' },
  });
  const names = watch();
  const namesOk = nameSchema.safeParse(names).success;

  const [mac, setMac] = useState('');
  const lookup = useMutation({
    mutationFn: (typed: string) => validateMac(activation.accountId, typed),
    onSuccess: (r) => {
      if (r.status === 'failure') track({ event: 'macNotRecognized', call: 'validateMac' });
    },
    onError: (e) => trackCallFailure(e, 'validateMac'),
  });
  const macAccepted = lookup.data?.status === 'success' ? lookup.data.mac : undefined;
  const macRefused = lookup.isError || lookup.data?.status === 'failure';

  const done: Record<StepId, boolean> = {
    account: hadTurn('account'),
    name: hadTurn('name') && namesOk,
    device: hadTurn('device') && (activation.deviceLocated || macAccepted !== undefined),
  };
  const canActivate = steps.every((id) => done[id]);

  // each step opens when its turn comes and stays open; the customer may open or close any.
  // Every step whose turn came since the last render opens, not only the latest: a busy phone
  // can run the three timers in one batch, and the name step must not be skipped then.
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const opened = useRef(0);
  const van = activation.van;
  useEffect(() => {
    const newly = stepsOf(van).filter((id) => TURN[id] >= opened.current && TURN[id] < turns);
    opened.current = turns;
    if (newly.length > 0) setExpanded((e) => new Set([...e, ...newly]));
  }, [turns, van]);

  const activate = () =>
    onActivate({
      firstName: activation.van ? names.firstName.trim() : '',
      lastName: activation.van ? names.lastName.trim() : '',
      language: locale === 'es' ? 'SPANISH' : 'ENGLISH',
    });

  const nameField = (name: keyof Names, label: string, autoComplete: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          className="field"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isRequired
          maxLength={60}
          autoComplete={autoComplete}
          isInvalid={Boolean(fieldState.error)}
          validationBehavior="aria"
        >
          <Label>{label}</Label>
          <Input ref={field.ref} />
          <FieldError>{fieldState.error ? s.nameRequired : undefined}</FieldError>
        </TextField>
      )}
    />
  );

  return (
    <section className="activation" data-page="activation" data-stage="steps">
      <title>{texts.page.title}</title>
      <h1>{texts.page.title}</h1>
      <p>{texts.page.intro}</p>
      <DisclosureGroup className="activation-steps" allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded}>
        <Step id="account" title={s.accountIdTitle} done={done.account} texts={s}>
          <p>
            {s.accountIdLabel}: <strong data-testid="account-id">{activation.accountId}</strong>
          </p>
        </Step>
        {activation.van && (
          <Step id="name" title={s.accountNameTitle} done={done.name} texts={s}>
            <div className="activation-names">
              {nameField('firstName', s.firstName, 'given-name')}
              {nameField('lastName', s.lastName, 'family-name')}
            </div>
          </Step>
        )}
        <Step id="device" title={s.deviceTitle} done={done.device} texts={s}>
          {!hadTurn('device') ? null : activation.deviceLocated ? (
            <p data-testid="device-located">{fill(s.deviceLocated, { mac: activation.deviceMac ?? '' })}</p>
          ) : macAccepted ? (
            <p data-testid="mac-accepted" role="status">
              {fill(s.macAccepted, { mac: macAccepted })}
            </p>
          ) : (
            <Form
              className="activation-mac"
              onSubmit={(e) => {
                e.preventDefault();
                if (macComplete(mac) && !lookup.isPending) lookup.mutate(mac);
              }}
            >
              <p>{s.deviceNotLocated}</p>
              <TextField className="field" name="mac" value={mac} onChange={(v) => setMac(formatMac(v))} autoComplete="off">
                <Label>{s.macLabel}</Label>
                <Input placeholder={MAC_PLACEHOLDER} spellCheck={false} autoCapitalize="characters" />
                <Text slot="description">{s.macHint}</Text>
              </TextField>
              {macRefused && (
                <div className="alert" role="alert" data-testid="mac-error">
                  <p>{s.maCAddressSubmissionErrorAlert}</p>
                </div>
              )}
              <Button type="submit" className="button button--secondary" isDisabled={!macComplete(mac) || lookup.isPending}>
                {s.macSubmit}
              </Button>
            </Form>
          )}
        </Step>
      </DisclosureGroup>
      <p className="activation__actions">
        <Button className="button button--primary" isDisabled={!canActivate} onPress={activate} data-testid="activate">
          {texts.activate.button}
        </Button>
      </p>
    </section>
  );
}
