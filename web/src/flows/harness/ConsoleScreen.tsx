import { useEffect, useId, useMemo, useState } from 'react';
import { Input, Label, SearchField, Text } from 'react-aria-components';
import { showActiveScenario } from '../../components/HarnessBadge';
import type { FlowScreenProps } from '../../lib/flows';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/useLocale';
import { describeClass, fetchConsole, describeExpect, groupScenarios, scenarioAnchor, startHref, type ConsoleData, type ConsoleScenario, type FlowGroup } from './console';
import { FaultPanel } from './FaultPanel';
import type { HarnessPageDef } from './routes';
import { CONSOLE_TEXTS, countText, type ConsoleTexts } from './texts';
import '../../styles/harness.css';

// The active-scenario badge comes with this chunk: the BFF's loader (`/harness/badge.js`, written
// into the pages while a scenario is active) imports it after the first screen and calls this
// (a global, not an export: the bundler drops the exports the router does not read), so the
// badge costs the app's entry nothing (ARCHITECTURE.md "Scenario console").
(globalThis as { ppHarnessBadge?: () => Promise<void> }).ppHarnessBadge = showActiveScenario;

/** The scenario console at `/{locale}/harness` (harness mode only; ARCHITECTURE.md "Scenario console"). */
export function ConsoleScreen(_props: FlowScreenProps<HarnessPageDef>) {
  const locale = useLocale();
  const t = CONSOLE_TEXTS[locale];
  const data = useConsoleData();
  return (
    <div className="harness-console" data-page="console">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {data.isError ? (
        <p className="content-fallback" role="alert">
          {t.unavailable}
        </p>
      ) : data.data ? (
        <>
          <FaultPanel locale={locale} />
          <ConsoleView scenarios={data.data.scenarios} locale={locale} />
        </>
      ) : (
        <p aria-busy="true">{t.loading}</p>
      )}
    </div>
  );
}

/**
 * `/harness/console.json`, once. Not a TanStack query: the console would be the only chunk using
 * `useQuery` without the API client, which made the bundler split TanStack Query out of the
 * flows' shared chunk into two more requests on every flow's first load.
 */
function useConsoleData(): { data?: ConsoleData; isError: boolean } {
  const [state, setState] = useState<{ data?: ConsoleData; isError: boolean }>({ isError: false });
  useEffect(() => {
    let live = true;
    fetchConsole().then(
      (data) => live && setState({ data, isError: false }),
      () => live && setState({ isError: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Search box, count and the grouped scenarios (stories render this with fixed data). */
export function ConsoleView({ scenarios, locale }: { scenarios: ConsoleScenario[]; locale: Locale }) {
  const t = CONSOLE_TEXTS[locale];
  const [query, setQuery] = useState('');
  const groups = useMemo(() => groupScenarios(scenarios, query), [scenarios, query]);
  const shown = groups.reduce((n, g) => n + g.count, 0);
  return (
    <>
      <div role="search" className="harness-console__search">
        <SearchField className="harness-field" value={query} onChange={setQuery}>
          <Label className="harness-field__label">{t.searchLabel}</Label>
          <Input className="harness-field__input" />
          <Text slot="description" className="harness-field__hint">
            {t.searchHint}
          </Text>
        </SearchField>
      </div>
      <p role="status" className="harness-console__count">
        {shown === 0 ? t.noMatch : countText(t, shown)}
      </p>
      {groups.map((g) => (
        <FlowSection key={g.flow} group={g} t={t} />
      ))}
    </>
  );
}

function FlowSection({ group, t }: { group: FlowGroup; t: ConsoleTexts }) {
  const id = useId();
  return (
    <section className="harness-flow" aria-labelledby={id} data-flow={group.flow}>
      <h2 id={id}>
        <span translate="no">{group.flow}</span> <span className="harness-flow__count">({countText(t, group.count)})</span>
      </h2>
      {group.classes.map((c) => (
        <div key={c.outcomeClass ?? ''} className="harness-class" data-outcome-class={c.outcomeClass ?? ''}>
          <h3>
            {t.outcomeClass}:{' '}
            {c.outcomeClass === null ? (
              t.unclassified
            ) : (
              <code translate="no">{describeClass(c.outcomeClass) || '–'}</code>
            )}
          </h3>
          <ul className="harness-list">
            {c.scenarios.map((s) => (
              <ScenarioRow key={s.id} scenario={s} t={t} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function ScenarioRow({ scenario: s, t }: { scenario: ConsoleScenario; t: ConsoleTexts }) {
  const titleId = scenarioAnchor(s.id);
  return (
    <li className="harness-scenario card" data-scenario={s.id}>
      <h4 id={titleId} className="harness-scenario__title">
        <span lang="en" translate="no">{s.title}</span>
      </h4>
      <p className="harness-scenario__id">
        <code translate="no">{s.id}</code>
      </p>
      <dl className="harness-scenario__facts">
        <dt>{t.codes}</dt>
        <dd data-codes>
          {s.codes.length === 0
            ? t.noCodes
            : s.codes.map((code) => (
                <code key={code} className="harness-code" translate="no">
                  {code}
                </code>
              ))}
        </dd>
        <dt>{t.expect}</dt>
        <dd data-expect>
          <code translate="no">{describeExpect(s.expect).join(' · ')}</code>
        </dd>
        <dt>{t.story}</dt>
        <dd data-story>{s.story ? <code translate="no">{s.story}</code> : t.noStory}</dd>
        <dt>{t.browser}</dt>
        <dd data-browser>
          {s.browser.length === 0
            ? t.noBrowser
            : s.browser.map((spec) => (
                <code key={spec} className="harness-code" translate="no">
                  {spec}
                </code>
              ))}
        </dd>
        <dt>{t.start}</dt>
        <dd className="harness-scenario__start">
          <a href={startHref(s.id, 'en')} aria-label={`${t.startEn}: ${s.title}`} data-start="en">
            {t.startEn}
          </a>
          <a href={startHref(s.id, 'es')} aria-label={`${t.startEs}: ${s.title}`} data-start="es">
            {t.startEs}
          </a>
        </dd>
      </dl>
    </li>
  );
}
