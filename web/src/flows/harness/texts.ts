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
  /** Faults on demand and seeded chaos (`FaultPanel.tsx`). */
  faults: FaultTexts;
}

/** Texts of the faults-on-demand and chaos panel; `{x}` placeholders are filled in. */
export interface FaultTexts {
  title: string;
  intro: string;
  unavailable: string;
  noScenario: string;
  activeScenario: string;
  callLabel: string;
  callHint: string;
  inScenario: string;
  kindLabel: string;
  kinds: Record<'delay' | 'timeout' | 'reset' | 'malformed' | 'error5xx', string>;
  msLabel: string;
  msInvalid: string;
  statusLabel: string;
  statusInvalid: string;
  callMissing: string;
  add: string;
  added: string;
  none: string;
  /** `{call}`. */
  remove: string;
  removeAll: string;
  /** `{file}`. */
  yamlLabel: string;
  saved: string;
  failed: string;
  chaosTitle: string;
  chaosIntro: string;
  percentLabel: string;
  percentInvalid: string;
  seedLabel: string;
  seedInvalid: string;
  /** `{percent}`, `{seed}`. */
  chaosOn: string;
  chaosDefault: string;
  chaosOff: string;
  setChaos: string;
  stopChaos: string;
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
    faults: {
      title: 'Faults on demand',
      intro:
        'Add a fault to one upstream call of the active scenario, for this browser only. Nothing is written to a file: copy the scenario below into the scenarios folder to keep it.',
      unavailable: 'Faults and chaos exist in harness mode only.',
      noScenario: 'Start a scenario to add faults to its calls.',
      activeScenario: 'Active scenario',
      callLabel: 'Upstream call',
      callHint: 'The calls the scenario already changes come first.',
      inScenario: '(changed by the scenario)',
      kindLabel: 'Fault',
      kinds: {
        delay: 'Delay',
        timeout: 'Timeout: no answer',
        reset: 'Connection reset',
        malformed: 'Malformed body',
        error5xx: 'Server error (5xx)',
      },
      msLabel: 'Delay in milliseconds',
      msInvalid: 'Enter 0 to 120000 milliseconds.',
      statusLabel: 'HTTP status',
      statusInvalid: 'Enter a status from 500 to 599.',
      callMissing: 'Choose a call.',
      add: 'Add fault',
      added: 'Faults added',
      none: 'No fault added.',
      remove: 'Remove the fault of {call}',
      removeAll: 'Remove all faults',
      yamlLabel: 'The scenario with these faults, to copy into {file}',
      saved: 'Saved for this browser.',
      failed: 'The change was not saved. Try again.',
      chaosTitle: 'Seeded chaos',
      chaosIntro:
        'A share of every upstream call of this browser fails with a fault chosen by the seed. The same seed fails the same calls in the same order, so a failure can be replayed.',
      percentLabel: 'Share of calls (percent)',
      percentInvalid: 'Enter 0 to 100.',
      seedLabel: 'Seed',
      seedInvalid: 'Enter a whole number.',
      chaosOn: 'Chaos on: {percent} % of calls, seed {seed}.',
      chaosDefault: 'Chaos from the server setting: {percent} % of calls, seed {seed}.',
      chaosOff: 'Chaos off.',
      setChaos: 'Turn chaos on',
      stopChaos: 'Turn chaos off',
    },
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
    faults: {
      title: 'Fallos a demanda',
      intro:
        'Añade un fallo a una llamada al proveedor del escenario activo, solo para este navegador. No se escribe ningún archivo: copia el escenario de abajo en la carpeta de escenarios para conservarlo.',
      unavailable: 'Los fallos y el caos solo existen en el modo de simulación.',
      noScenario: 'Inicia un escenario para añadir fallos a sus llamadas.',
      activeScenario: 'Escenario activo',
      callLabel: 'Llamada al proveedor',
      callHint: 'Primero aparecen las llamadas que el escenario ya cambia.',
      inScenario: '(cambiada por el escenario)',
      kindLabel: 'Fallo',
      kinds: {
        delay: 'Retraso',
        timeout: 'Tiempo agotado: sin respuesta',
        reset: 'Conexión interrumpida',
        malformed: 'Cuerpo mal formado',
        error5xx: 'Error del servidor (5xx)',
      },
      msLabel: 'Retraso en milisegundos',
      msInvalid: 'Escribe de 0 a 120000 milisegundos.',
      statusLabel: 'Estado HTTP',
      statusInvalid: 'Escribe un estado de 500 a 599.',
      callMissing: 'Elige una llamada.',
      add: 'Añadir fallo',
      added: 'Fallos añadidos',
      none: 'Ningún fallo añadido.',
      remove: 'Quitar el fallo de {call}',
      removeAll: 'Quitar todos los fallos',
      yamlLabel: 'El escenario con estos fallos, para copiar en {file}',
      saved: 'Guardado para este navegador.',
      failed: 'El cambio no se guardó. Inténtalo de nuevo.',
      chaosTitle: 'Caos con semilla',
      chaosIntro:
        'Una parte de las llamadas al proveedor de este navegador falla con un fallo elegido por la semilla. La misma semilla hace fallar las mismas llamadas en el mismo orden, así que un fallo se puede repetir.',
      percentLabel: 'Parte de las llamadas (porcentaje)',
      percentInvalid: 'Escribe de 0 a 100.',
      seedLabel: 'Semilla',
      seedInvalid: 'Escribe un número entero.',
      chaosOn: 'Caos activado: {percent} % de las llamadas, semilla {seed}.',
      chaosDefault: 'Caos de la configuración del servidor: {percent} % de las llamadas, semilla {seed}.',
      chaosOff: 'Caos desactivado.',
      setChaos: 'Activar el caos',
      stopChaos: 'Desactivar el caos',
    },
  },
};

/** How many scenarios, in words. */
export function countText(t: ConsoleTexts, count: number): string {
  return count === 1 ? t.countOne : t.count.replace('{count}', String(count));
}
