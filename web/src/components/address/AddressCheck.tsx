import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import type { MerchantFlow } from '../../content/hooks';
import { ContentLink } from '../ContentLink';
import { normalizeZip, type AddressInput } from '../../lib/address';
import { StreetField } from './StreetField';

/** Messages are content keys, so a locale switch re-renders them in the other language. */
export const addressSchema = z.object({
  street: z.string().check(z.trim(), z.minLength(1, 'streetRequired')),
  unit: z.string(),
  zip: z.string().check(z.regex(/^\d{5}$/, 'zipInvalid')),
});

type MessageKey = 'streetRequired' | 'zipInvalid';

export interface AddressCheckProps {
  content: MerchantFlow['addressCheck'];
  defaultValues: AddressInput;
  variant?: 'retail' | 'move';
  onSubmit: (input: AddressInput) => void;
}

export function AddressCheck({ content, defaultValues, variant = 'retail', onSubmit }: AddressCheckProps) {
  const { control, handleSubmit, setValue, formState } = useForm<AddressInput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const message = (key: string | undefined) => (key ? content[key as MessageKey] ?? key : undefined);
  const heading = variant === 'move' ? content.moveHeading : content.heading;
  const subheading = variant === 'move' ? content.moveSubheading : content.subheading;

  return (
    <section className="stage card" data-stage="addressCheck" data-variant={variant} aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p className="stage__lead">{subheading}</p>
      <Form
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
      <p className="stage__help">
        {content.chatPrompt} <ContentLink link={content.chatLink} />
      </p>
    </section>
  );
}
