import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { Link } from '../../app/router';
import { CallFailure } from '../../api/client';
import { useRedirect, useSetDate } from './MovePages';
import type { MovePageProps } from './types';

/**
 * `move/schedule` (seed 002 §2.8): choose or edit the move date, today (the BFF's `today`) to
 * its `latestDate`; the refill pages' "Edit Date" and a refill page without a date lead here.
 * The field is the browser's own date input (`type="date"`, `YYYY-MM-DD`, bounded by `min` and
 * `max`): its picker speaks the customer's browser language, and it costs the page no date
 * library (react-aria's DateField brought every calendar system, about 15 KB, and grew the
 * shared `ui` chunk every page loads). A date before today is refused before any call; the
 * BFF answers what the date means (`setMoveDate`: refill required, `move/now`,
 * `move/schedule-finalize`) and its 400 (`MOVE_DATE_IN_PAST`, `MOVE_DATE_TOO_FAR`) shows its
 * catalogue message on the field.
 */
export function SchedulePage(props: MovePageProps) {
  const { texts, move, href } = props;
  const c = texts.moving;
  const t = c.schedule;
  const [value, setValue] = useState(move.schedule?.moveDate ?? '');
  const [touched, setTouched] = useState(false);
  const date = useSetDate(props);
  const refused =
    date.error instanceof CallFailure && date.error.status === 400
      ? (((date.error.body as { message?: unknown } | undefined)?.message as string | undefined) ?? t.datePast)
      : undefined;
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // YYYY-MM-DD strings compare as dates
  const early = complete && value < move.today;
  const error = touched && !complete ? t.dateRequired : early ? t.datePast : refused;
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
          if (complete && !early) date.mutate(value);
        }}
      >
        <TextField
          className="field move-date"
          type="date"
          name="moveDate"
          value={value}
          onChange={(v) => (setValue(v), date.reset())}
          isInvalid={Boolean(error)}
          isRequired
        >
          <Label className="field__label">{t.dateLabel}</Label>
          <Input className="field__input" min={move.today} max={move.latestDate} data-testid="move-date-input" />
          <Text slot="description" className="field__hint">
            {t.dateHint}
          </Text>
          <FieldError className="field__error">{error}</FieldError>
        </TextField>
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
