import { useParams } from '../app/router';
import { isLocale, type Locale } from './locale';

/** The locale of the current route; `en` when the segment is not a locale. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : 'en';
}
