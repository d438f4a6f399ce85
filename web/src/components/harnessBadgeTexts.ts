import type { Locale } from '../lib/locale';

/** The badge's texts (harness mode only, so not the content service's; as the console's). */
export const BADGE_TEXTS: Record<Locale, { label: string; active: string; reset: string; resetDone: string; console: string }> = {
  en: { label: 'Scenario harness', active: 'Scenario:', reset: 'Reset', resetDone: 'Scenario reset.', console: 'Console' },
  es: { label: 'Simulación de escenarios', active: 'Escenario:', reset: 'Restablecer', resetDone: 'Escenario restablecido.', console: 'Consola' },
};
