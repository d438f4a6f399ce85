import type { Locale } from '../../lib/locale';

/**
 * The console's own texts. The console is a tool of harness mode, not a page of the provider's
 * site, so its texts are not the content service's: a typed dictionary, one entry per language.
 */
export interface ConsoleTexts {
  title: string;
  intro: string;
  searchLabel: string;
  searchHint: string;
  /** `{count}`: scenarios shown (`countOne`: one). */
  count: string;
  countOne: string;
  noMatch: string;
  loading: string;
  unavailable: string;
  outcomeClass: string;
  unclassified: string;
  codes: string;
  noCodes: string;
  expect: string;
  story: string;
  noStory: string;
  browser: string;
  noBrowser: string;
  start: string;
  startEn: string;
  startEs: string;
}

export const CONSOLE_TEXTS: Record<Locale, ConsoleTexts> = {
  en: {
    title: 'Scenario console',
    intro:
      'Start a scenario: the simulators answer as it describes, for this browser only, until you reset it. The badge in the corner of every page shows the active scenario.',
    searchLabel: 'Search scenarios',
    searchHint: 'By title, id or business code.',
    count: '{count} scenarios',
    countOne: '1 scenario',
    noMatch: 'No scenario matches your search.',
    loading: 'Loading scenarios…',
    unavailable: 'The scenario console exists in harness mode only.',
    outcomeClass: 'Outcome class',
    unclassified: 'Not classified yet (run the coverage task)',
    codes: 'Business codes',
    noCodes: 'None',
    expect: 'What the user must see',
    story: 'Storybook story',
    noStory: 'None: asserted over HTTP',
    browser: 'Browser test',
    noBrowser: 'None: its story or the BFF tests assert it',
    start: 'Start',
    startEn: 'In English',
    startEs: 'In Spanish',
  },
  es: {
    title: 'Consola de escenarios',
    intro:
      'Inicia un escenario: los simuladores responden como este describe, solo para este navegador, hasta que lo restablezcas. La insignia en la esquina de cada página muestra el escenario activo.',
    searchLabel: 'Buscar escenarios',
    searchHint: 'Por título, identificador o código de negocio.',
    count: '{count} escenarios',
    countOne: '1 escenario',
    noMatch: 'Ningún escenario coincide con tu búsqueda.',
    loading: 'Cargando escenarios…',
    unavailable: 'La consola de escenarios solo existe en el modo de simulación.',
    outcomeClass: 'Clase de resultado',
    unclassified: 'Aún sin clasificar (ejecuta la tarea de cobertura)',
    codes: 'Códigos de negocio',
    noCodes: 'Ninguno',
    expect: 'Lo que el usuario debe ver',
    story: 'Historia de Storybook',
    noStory: 'Ninguna: se comprueba por HTTP',
    browser: 'Prueba en navegador',
    noBrowser: 'Ninguna: la comprueban su historia o las pruebas del BFF',
    start: 'Iniciar',
    startEn: 'En inglés',
    startEs: 'En español',
  },
};

/** How many scenarios, in words. */
export function countText(t: ConsoleTexts, count: number): string {
  return count === 1 ? t.countOne : t.count.replace('{count}', String(count));
}
