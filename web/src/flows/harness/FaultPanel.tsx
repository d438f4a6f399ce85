import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, FieldError, Form, Input, Label, Radio, RadioGroup, Text, TextArea, TextField } from 'react-aria-components';
import type { Locale } from '../../lib/locale';
import {
  chaosFormSchema,
  describeFault,
  FAULT_KINDS,
  faultFormSchema,
  faultOf,
  fetchSettings,
  postSettings,
  type ChaosForm,
  type ConsoleSettingsView,
  type FaultForm,
} from './settings';
import { CONSOLE_TEXTS, type FaultTexts } from './texts';

function fill(text: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text);
}

/**
 * Faults on demand and seeded chaos of this browser (issue 15 §1, §3; ARCHITECTURE.md "Scenario
 * console"): add a fault to one upstream call of the active scenario, see the faults added and the
 * scenario with them as YAML to copy into `scenarios/`, and set this browser's chaos. Kept by the
 * BFF in the store (`/harness/settings`), never in a file.
 */
export function FaultPanel({ locale, initial }: { locale: Locale; initial?: ConsoleSettingsView }) {
  const t = CONSOLE_TEXTS[locale].faults;
  const [view, setView] = useState<ConsoleSettingsView | undefined>(initial);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState('');
  const headingId = useId();
  useEffect(() => {
    if (initial) return;
    let live = true;
    fetchSettings().then(
      (v) => live && setView(v),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [initial]);
  const change = (path: 'fault' | 'faults/clear' | 'chaos', body: unknown) =>
    postSettings(path, body).then(
      (v) => {
        setView(v);
        setStatus(t.saved);
      },
      () => setStatus(t.failed),
    );
  return (
    <section className="harness-faults card" aria-labelledby={headingId} data-faults-panel>
      <h2 id={headingId}>{t.title}</h2>
      {failed ? (
        <p>{t.unavailable}</p>
      ) : !view ? null : (
        <>
          {view.scenario === null ? (
            <p data-no-scenario>{t.noScenario}</p>
          ) : (
            <>
              <p>{t.intro}</p>
              <p>
                {t.activeScenario}: <code translate="no">{view.scenario}</code>
              </p>
              <FaultFormView view={view} t={t} onAdd={(call, fault) => change('fault', { call, fault })} />
              <AddedFaults view={view} t={t} onRemove={(call) => change('fault', { call, fault: null })} onClear={() => change('faults/clear', {})} />
            </>
          )}
          <ChaosFormView view={view} t={t} onSet={(chaos) => change('chaos', { chaos })} />
        </>
      )}
      {/* a live region, not role=status: the search count is the page's status */}
      <p aria-live="polite" className="harness-faults__status" data-faults-status>
        {status}
      </p>
    </section>
  );
}

function FaultFormView({ view, t, onAdd }: { view: ConsoleSettingsView; t: FaultTexts; onAdd: (call: string, fault: unknown) => void }) {
  const callId = useId();
  const callHintId = useId();
  const { control, handleSubmit, watch, register, formState } = useForm<FaultForm>({
    resolver: zodResolver(faultFormSchema),
    defaultValues: { call: view.calls[0]?.name ?? '', kind: 'timeout', ms: '1500', status: '503' },
  });
  const kind = watch('kind');
  const callError = formState.errors.call;
  return (
    <Form className="harness-faults__form" validationBehavior="aria" onSubmit={handleSubmit((v) => onAdd(v.call, faultOf(v)))} data-fault-form>
      <div className="harness-field">
        <label className="harness-field__label" htmlFor={callId}>
          {t.callLabel}
        </label>
        {/* a native select: the console's only list picker, so no list box joins the shared UI chunk */}
        <select id={callId} className="harness-field__input" aria-describedby={callHintId} aria-invalid={callError ? true : undefined} {...register('call')}>
          {view.calls.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} — {c.method} {c.path}
              {c.inScenario ? ` ${t.inScenario}` : ''}
            </option>
          ))}
        </select>
        <p id={callHintId} className="harness-field__hint">
          {callError ? t.callMissing : t.callHint}
        </p>
      </div>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <RadioGroup className="harness-field" value={field.value} onChange={field.onChange} name={field.name}>
            <Label className="harness-field__label">{t.kindLabel}</Label>
            {FAULT_KINDS.map((k) => (
              <Radio key={k} value={k} className="harness-radio" data-kind={k}>
                {t.kinds[k]}
              </Radio>
            ))}
          </RadioGroup>
        )}
      />
      {kind === 'delay' && (
        <Controller
          control={control}
          name="ms"
          render={({ field, fieldState }) => (
            <TextField className="harness-field" value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} isInvalid={Boolean(fieldState.error)} validationBehavior="aria">
              <Label className="harness-field__label">{t.msLabel}</Label>
              <Input ref={field.ref} className="harness-field__input" inputMode="numeric" />
              <FieldError className="harness-field__error">{t.msInvalid}</FieldError>
            </TextField>
          )}
        />
      )}
      {kind === 'error5xx' && (
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <TextField className="harness-field" value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} isInvalid={Boolean(fieldState.error)} validationBehavior="aria">
              <Label className="harness-field__label">{t.statusLabel}</Label>
              <Input ref={field.ref} className="harness-field__input" inputMode="numeric" />
              <FieldError className="harness-field__error">{t.statusInvalid}</FieldError>
            </TextField>
          )}
        />
      )}
      <Button type="submit" className="button button--primary">
        {t.add}
      </Button>
    </Form>
  );
}

function AddedFaults({ view, t, onRemove, onClear }: { view: ConsoleSettingsView; t: FaultTexts; onRemove: (call: string) => void; onClear: () => void }) {
  const entries = Object.entries(view.faults);
  return (
    <>
      <h3>{t.added}</h3>
      {entries.length === 0 ? (
        <p data-no-faults>{t.none}</p>
      ) : (
        <>
          <ul className="harness-faults__list">
            {entries.map(([call, fault]) => (
              <li key={call} data-fault={call}>
                <code translate="no">
                  {call}: {describeFault(fault)}
                </code>{' '}
                <Button className="button button--link" onPress={() => onRemove(call)}>
                  {fill(t.remove, { call })}
                </Button>
              </li>
            ))}
          </ul>
          <Button className="button button--secondary" onPress={onClear}>
            {t.removeAll}
          </Button>
        </>
      )}
      {view.yaml && (
        <TextField className="harness-field" value={view.yaml} isReadOnly>
          <Label className="harness-field__label">{fill(t.yamlLabel, { file: view.file ?? 'scenarios/' })}</Label>
          <TextArea className="harness-field__input harness-faults__yaml" rows={12} spellCheck={false} translate="no" lang="en" data-yaml />
          <Text slot="description" className="harness-field__hint">
            <code translate="no">{view.file}</code>
          </Text>
        </TextField>
      )}
    </>
  );
}

function ChaosFormView({ view, t, onSet }: { view: ConsoleSettingsView; t: FaultTexts; onSet: (chaos: string | null) => void }) {
  const headingId = useId();
  const [percent, seed] = (view.chaos ?? view.defaultChaos ?? '').split(':');
  const { control, handleSubmit } = useForm<ChaosForm>({
    resolver: zodResolver(chaosFormSchema),
    defaultValues: { percent: percent || '20', seed: seed || '4711' },
  });
  const state = view.chaos
    ? fill(t.chaosOn, { percent: percent ?? '', seed: seed ?? '' })
    : view.defaultChaos
      ? fill(t.chaosDefault, { percent: percent ?? '', seed: seed ?? '' })
      : t.chaosOff;
  return (
    <div className="harness-chaos" role="group" aria-labelledby={headingId} data-chaos>
      <h3 id={headingId}>{t.chaosTitle}</h3>
      <p>{t.chaosIntro}</p>
      <p data-chaos-state>{state}</p>
      <Form className="harness-faults__form" validationBehavior="aria" onSubmit={handleSubmit((v) => onSet(`${Number(v.percent)}:${v.seed.trim()}`))}>
        <Controller
          control={control}
          name="percent"
          render={({ field, fieldState }) => (
            <TextField className="harness-field" value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} isInvalid={Boolean(fieldState.error)} validationBehavior="aria">
              <Label className="harness-field__label">{t.percentLabel}</Label>
              <Input ref={field.ref} className="harness-field__input" inputMode="numeric" />
              <FieldError className="harness-field__error">{t.percentInvalid}</FieldError>
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="seed"
          render={({ field, fieldState }) => (
            <TextField className="harness-field" value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} isInvalid={Boolean(fieldState.error)} validationBehavior="aria">
              <Label className="harness-field__label">{t.seedLabel}</Label>
              <Input ref={field.ref} className="harness-field__input" inputMode="numeric" />
              <FieldError className="harness-field__error">{t.seedInvalid}</FieldError>
            </TextField>
          )}
        />
        <Button type="submit" className="button button--primary">
          {t.setChaos}
        </Button>
        {view.chaos && (
          <Button className="button button--secondary" onPress={() => onSet(null)}>
            {t.stopChaos}
          </Button>
        )}
      </Form>
    </div>
  );
}
