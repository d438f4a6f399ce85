import { useMemo, useRef, type RefObject } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { ContentLink } from '../ContentLink';
import { normalizeZip, type AddressInput } from '../../lib/address';
import { moduleLoader } from '../../lib/moduleLoader';
import { useLoadedAfterPaint, useStandInForm } from '../../lib/progressive';
import type { AddressCheckProps, FormHandoff } from './types';

const addressForm = moduleLoader(() => import('./AddressForm'));

/** Loads the address form's code once (again after a failure); resolves with its module. */
export const loadAddressForm = addressForm.load;

/**
 * The address check (seed 000 §4, §5; the retail flow's first screen and the move entry),
 * loaded progressively (issue 10, ARCHITECTURE.md "First load"): the first screen draws the
 * form as plain React Aria fields with the submit button disabled, as the real form draws an
 * empty one; the real form (`AddressForm`: react-hook-form and zod, about 18 KB on the wire,
 * the street's suggestions) loads once that screen is painted, or when a field gets the focus
 * if an earlier load failed, and takes the plain form's place with its values, focus, caret and
 * left fields. Once loaded, every later address check is the real form at once.
 */
export function AddressCheck({ content, defaultValues, variant = 'retail', onSubmit }: AddressCheckProps) {
  const [Real, retry] = useLoadedAfterPaint(addressForm);
  const handoff = useRef<FormHandoff | null>(null);
  const heading = variant === 'move' ? content.moveHeading : content.heading;
  const subheading = variant === 'move' ? content.moveSubheading : content.subheading;

  return (
    <section className="stage card" data-stage="addressCheck" data-variant={variant} aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p className="stage__lead">{subheading}</p>
      {Real ? (
        <Real.AddressForm content={content} defaultValues={defaultValues} onSubmit={onSubmit} handoff={handoff} />
      ) : (
        <PlainForm content={content} defaultValues={defaultValues} handoff={handoff} onFocus={retry} />
      )}
      <p className="stage__help">
        {/* the prompt is about the retail starter kit: a moving customer or a buyer has none, only the chat */}
        {variant === 'retail' ? <>{content.chatPrompt} </> : null}
        <ContentLink link={content.chatLink} />
      </p>
    </section>
  );
}

/**
 * The form as plain fields, drawn as the real form draws them (same labels, names, classes and
 * input attributes, no messages, submit disabled); what the real form takes over is noted in
 * `handoff` (`useStandInForm`).
 */
function PlainForm({
  content,
  defaultValues,
  handoff,
  onFocus,
}: Pick<AddressCheckProps, 'content' | 'defaultValues'> & { handoff: RefObject<FormHandoff | null>; onFocus: () => void }) {
  const start = useMemo<FormHandoff>(() => ({ values: defaultValues, left: [], typed: false, focus: null }), [defaultValues]);
  const { form, field } = useStandInForm<AddressInput, FormHandoff>(handoff, start, onFocus, (name, typed) =>
    name === 'zip' ? { value: normalizeZip(typed) } : { value: typed, note: name === 'street' ? { typed: true } : {} },
  );

  return (
    <Form ref={form} className="form" validationBehavior="aria" onSubmit={(event) => event.preventDefault()}>
      <TextField className="field" name="street" {...field('street')}>
        <Label className="field__label">{content.streetLabel}</Label>
        <Input className="field__input" autoComplete="off" />
      </TextField>
      <div className="form__row">
        <TextField className="field" name="unit" {...field('unit')}>
          <Label className="field__label">{content.unitLabel}</Label>
          <Input className="field__input" autoComplete="address-line2" />
        </TextField>
        <TextField className="field field--zip" name="zip" {...field('zip')} maxLength={5} inputMode="numeric">
          <Label className="field__label">{content.zipLabel}</Label>
          <Input className="field__input" autoComplete="postal-code" pattern="[0-9]*" />
        </TextField>
      </div>
      <Button type="submit" className="button button--primary" isDisabled>
        {content.submit}
      </Button>
    </Form>
  );
}
