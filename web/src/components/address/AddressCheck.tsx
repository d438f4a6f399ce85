import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { ContentLink } from '../ContentLink';
import { normalizeZip, type AddressInput } from '../../lib/address';
import { moduleLoader, noteFocus, useLoadedAfterPaint } from '../../lib/progressive';
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
        {content.chatPrompt} <ContentLink link={content.chatLink} />
      </p>
    </section>
  );
}

/**
 * The form as plain fields, drawn as the real form draws them (same labels, names, classes and
 * input attributes, no messages, submit disabled). What the real form takes over is noted in
 * `handoff` as it happens (the real form reads the values as it first renders, before this one
 * leaves), the focus and caret as this form leaves.
 */
function PlainForm({
  content,
  defaultValues,
  handoff,
  onFocus,
}: Pick<AddressCheckProps, 'content' | 'defaultValues'> & { handoff: RefObject<FormHandoff | null>; onFocus: () => void }) {
  const [values, setValues] = useState(defaultValues);
  const form = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const note = (patch: Partial<FormHandoff>) => {
    handoff.current = { ...(handoff.current ?? { values: defaultValues, left: [], typed: false, focus: null }), ...patch };
  };
  // runs as this form leaves, before its inputs leave the document: note the focus and caret
  useLayoutEffect(() => {
    const element = form.current;
    leaving.current = false;
    return () => {
      leaving.current = true;
      const focus = noteFocus<keyof AddressInput>(element);
      // nothing noted before: nothing changed, the defaults stand
      if (handoff.current) handoff.current = { ...handoff.current, focus };
      else if (focus) handoff.current = { values: defaultValues, left: [], typed: false, focus };
    };
  }, [handoff, defaultValues]);

  const field = (name: keyof AddressInput) => ({
    name,
    value: values[name],
    onChange: (v: string) => {
      // the noted values are the latest (several changes can come before a render)
      const next = { ...(handoff.current?.values ?? values), [name]: name === 'zip' ? normalizeZip(v) : v };
      setValues(next);
      note({ values: next, ...(name === 'street' ? { typed: true } : {}) });
    },
    // leaving for the real form is no blur: the field was not left
    onBlur: () => {
      const left = handoff.current?.left ?? [];
      if (!leaving.current && !left.includes(name)) note({ left: [...left, name] });
    },
    onFocus,
  });

  return (
    <Form ref={form} className="form" validationBehavior="aria" onSubmit={(event) => event.preventDefault()}>
      <TextField className="field" {...field('street')}>
        <Label className="field__label">{content.streetLabel}</Label>
        <Input className="field__input" autoComplete="off" />
      </TextField>
      <div className="form__row">
        <TextField className="field" {...field('unit')}>
          <Label className="field__label">{content.unitLabel}</Label>
          <Input className="field__input" autoComplete="address-line2" />
        </TextField>
        <TextField className="field field--zip" {...field('zip')} maxLength={5} inputMode="numeric">
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
