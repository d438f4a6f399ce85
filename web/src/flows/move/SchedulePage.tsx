import { useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button, DateField, DateInput, DateSegment, FieldError, Form, I18nProvider, Label, Text } from 'react-aria-components';
import { Link } from 'react-router';
import { CallFailure } from '../../api/client';
import { useRedirect, useSetDate } from './MovePages';
import type { MovePageProps } from './types';

/** A `YYYY-MM-DD` date, or undefined when it is not one. */
function dateOf(s: string | undefined): CalendarDate | undefined {
  if (!s) return undefined;
  try {
    return parseDate(s);
  } catch {
    return undefined;
  }
}

/**
 * `move/schedule` (seed 002 §2.8): choose or edit the move date, today (the BFF's `today`) to
 * its `latestDate`; the refill pages' "Edit Date" and a refill page without a date lead here.
 * The BFF answers what the date means (`setMoveDate`: refill required, `move/now`,
 * `move/schedule-finalize`); its 400 (`MOVE_DATE_IN_PAST`, `MOVE_DATE_TOO_FAR`) shows its
 * catalogue message on the field. The field speaks the page's language (react-aria DateField).
 */
export function SchedulePage(props: MovePageProps) {
  const { texts, move, locale, href } = props;
  const c = texts.moving;
  const t = c.schedule;
  const min = dateOf(move.today);
  const max = dateOf(move.latestDate);
  const [value, setValue] = useState<CalendarDate | null>(dateOf(move.schedule?.moveDate) ?? null);
  const [touched, setTouched] = useState(false);
  const date = useSetDate(props);
  const refused =
    date.error instanceof CallFailure && date.error.status === 400
      ? (((date.error.body as { message?: unknown } | undefined)?.message as string | undefined) ?? t.datePast)
      : undefined;
  const early = value && min && value.compare(min) < 0;
  const error = touched && !value ? t.dateRequired : early ? t.datePast : refused;
  const failed = date.isError && !refused;
  if (useRedirect(move.destination ? undefined : 'address', props.go)) return null;
  return (
    <section className="payments move-page" data-page="schedule">
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {failed && (
        <p className="alert" role="alert">
          {c.genericError}
        </p>
      )}
      <Form
        className="form"
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (value && !early) date.mutate(value.toString());
        }}
      >
        <I18nProvider locale={locale === 'es' ? 'es-ES' : 'en-US'}>
          <DateField
            className="field move-date"
            value={value}
            onChange={(v) => (setValue(v), date.reset())}
            minValue={min}
            maxValue={max}
            isInvalid={Boolean(error)}
            isRequired
            data-testid="move-date-field"
          >
            <Label className="field__label">{t.dateLabel}</Label>
            <DateInput className="field__input move-date__input">{(segment) => <DateSegment segment={segment} className="move-date__segment" />}</DateInput>
            <Text slot="description" className="field__hint">
              {t.dateHint}
            </Text>
            <FieldError className="field__error">{error}</FieldError>
          </DateField>
        </I18nProvider>
        <p role="status">{date.isPending ? c.loading : ''}</p>
        <div className="actions">
          <Button type="submit" className="button button--primary" isDisabled={date.isPending}>
            {t.continueLabel}
          </Button>
          <Link to={href('address')}>{c.changeAddress}</Link>
        </div>
      </Form>
    </section>
  );
}
