import { useCallback, useRef, type RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { normalizeZip, type AddressInput } from '../../lib/address';
import { useTakeOver } from '../../lib/progressive';
import type { AddressCheckProps, FormHandoff } from './types';
import { StreetField } from './StreetField';

/** Messages are content keys, so a locale switch re-renders them in the other language. */
export const addressSchema = z.object({
  street: z.string().check(z.trim(), z.minLength(1, 'streetRequired')),
  unit: z.string(),
  zip: z.string().check(z.regex(/^\d{5}$/, 'zipInvalid')),
});

type MessageKey = 'streetRequired' | 'zipInvalid';

/**
 * The address check's form (react-hook-form and zod, about 18 KB on the wire), loaded after
 * the first screen (`AddressCheck`): validated once a field is left, then on every change;
 * submit only when valid. `handoff` is what the plain form had when this one took its place:
 * its values are this form's defaults, the field it focused gets the focus and caret back, and
 * the fields already left are validated at once.
 */
export function AddressForm({
  content,
  defaultValues,
  onSubmit,
  handoff,
}: Pick<AddressCheckProps, 'content' | 'defaultValues' | 'onSubmit'> & { handoff: RefObject<FormHandoff | null> }) {
  const { control, handleSubmit, setValue, getValues, formState } = useForm<AddressInput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: handoff.current?.values ?? defaultValues,
  });
  // the fields left in the plain form count as left here: validated now and on every change
  const touch = useCallback(
    (name: keyof AddressInput) => setValue(name, getValues(name), { shouldTouch: true, shouldValidate: true }),
    [setValue, getValues],
  );
  const form = useTakeOver<AddressInput, FormHandoff>(handoff, touch);
  const typed = useRef(handoff.current?.typed ?? false);
  const message = (key: string | undefined) => (key ? content[key as MessageKey] ?? key : undefined);

  return (
    <Form
      ref={form}
      className="form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit((values) => onSubmit({ street: values.street.trim(), unit: values.unit.trim(), zip: values.zip }))(event);
      }}
    >
      <Controller
        control={control}
        name="street"
        render={({ field, fieldState }) => (
          <StreetField
            typedBefore={typed.current}
            name={field.name}
            label={content.streetLabel}
            listLabel={content.suggestionsLabel}
            value={field.value}
            error={message(fieldState.error?.message)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onPick={(s) => {
              field.onChange(s.street);
              setValue('unit', s.unit, { shouldValidate: true });
              setValue('zip', s.zip, { shouldValidate: true, shouldTouch: true });
            }}
          />
        )}
      />
      <div className="form__row">
        <Controller
          control={control}
          name="unit"
          render={({ field }) => (
            <TextField className="field" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
              <Label className="field__label">{content.unitLabel}</Label>
              <Input className="field__input" autoComplete="address-line2" />
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="zip"
          render={({ field, fieldState }) => (
            <TextField
              className="field field--zip"
              name={field.name}
              value={field.value}
              onChange={(v) => field.onChange(normalizeZip(v))}
              onBlur={field.onBlur}
              isInvalid={Boolean(fieldState.error)}
              maxLength={5}
              inputMode="numeric"
            >
              <Label className="field__label">{content.zipLabel}</Label>
              <Input className="field__input" autoComplete="postal-code" pattern="[0-9]*" />
              <FieldError className="field__error">{message(fieldState.error?.message)}</FieldError>
            </TextField>
          )}
        />
      </div>
      <Button type="submit" className="button button--primary" isDisabled={!formState.isValid}>
        {content.submit}
      </Button>
    </Form>
  );
}
