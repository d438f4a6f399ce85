import { useCallback, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Form } from 'react-aria-components';
import { z } from 'zod/mini';
import { phoneDigits } from '../../lib/phone';
import { useTakeOver } from '../../lib/progressive';
import type { LitepayTexts } from './content';
import { PhoneField, ZipField, type FindHandoff, type FindValues } from './FindFields';

const findSchema = z.object({
  phone: z.string().check(z.refine((v) => phoneDigits(v).length === 10)),
  zip: z.string().check(z.regex(/^\d{5}$/)),
});

const empty: FindValues = { phone: '', zip: '' };

/**
 * The find-your-account form (react-hook-form and zod, about 18 KB on the wire), loaded after
 * the first screen (`FindAccount`): validated on change (no message texts, seed 002 §5), a
 * field shown invalid once left; Next is disabled while invalid and while locating, when its
 * label is the locating message. `handoff` is what the plain form had when this one took its
 * place: its values are this form's defaults, the fields already left are validated at once,
 * and the field it focused gets the focus and caret back.
 */
export function FindForm({
  c,
  locating,
  onFind,
  handoff,
}: {
  c: LitepayTexts['litepay'];
  locating: boolean;
  onFind: (phone: string, zip: string) => void;
  handoff: RefObject<FindHandoff | null>;
}) {
  const { control, handleSubmit, setValue, getValues, formState } = useForm<FindValues>({
    resolver: zodResolver(findSchema),
    mode: 'onChange',
    defaultValues: handoff.current?.values ?? empty,
  });
  // the fields left in the plain form count as left here: validated now and on every change
  const touch = useCallback(
    (name: keyof FindValues) => setValue(name, getValues(name), { shouldTouch: true, shouldValidate: true }),
    [setValue, getValues],
  );
  const form = useTakeOver<FindValues, FindHandoff>(handoff, touch);

  return (
    <Form ref={form} className="litepay-find__form" validationBehavior="aria" onSubmit={handleSubmit((v) => onFind(phoneDigits(v.phone), v.zip))}>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneField
            label={c.phoneLabel}
            hint={c.phoneHint}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isInvalid={fieldState.isTouched && Boolean(fieldState.error)}
            inputRef={field.ref}
          />
        )}
      />
      <Controller
        control={control}
        name="zip"
        render={({ field, fieldState }) => (
          <ZipField
            label={c.zipLabel}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isInvalid={fieldState.isTouched && Boolean(fieldState.error)}
            inputRef={field.ref}
          />
        )}
      />
      <Button type="submit" className="button button--primary" isDisabled={locating || !formState.isValid} data-testid="find-next">
        {locating ? c.locating : c.next}
      </Button>
    </Form>
  );
}
