import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { z } from 'zod/mini';
import { ContentModal } from '../../components/ContentModal';
import { maskPhoneInput, PHONE_INPUT_MAX, phoneDigits } from '../../lib/phone';
import type { LitepayTexts } from './content';
import type { LookupNotice } from './steps';

const ZIP_MAX = 5;
const findSchema = z.object({
  phone: z.string().check(z.refine((v) => phoneDigits(v).length === 10)),
  zip: z.string().check(z.regex(/^\d{5}$/)),
});
type FindForm = z.infer<typeof findSchema>;

/**
 * Step 1, find your account (seed 002 §2.11, §5): billing phone (digits only, at most 10,
 * shown `(xxx) xxx - xxxx`, field limit 16) and 5-digit zip, both telephone-type inputs,
 * validated on change (no message texts, seed 002 §5); Next is disabled while invalid and
 * while locating, when its label is the locating message. The notice of the last miss: the
 * BFF's catalogue message; the cannot-locate one with its help modal and, from the second
 * miss in a row, the "unfortunate" warning.
 */
export function FindAccount({
  c,
  locating,
  notice,
  onFind,
}: {
  c: LitepayTexts['litepay'];
  locating: boolean;
  notice: LookupNotice;
  onFind: (phone: string, zip: string) => void;
}) {
  const { control, handleSubmit, formState } = useForm<FindForm>({
    resolver: zodResolver(findSchema),
    mode: 'onChange',
    defaultValues: { phone: '', zip: '' },
  });
  return (
    <div className="litepay-find">
      {notice.kind !== 'none' && (
        <div className="alert" role="alert" data-testid="lookup-notice" data-notice={notice.kind}>
          <p>{notice.message || c.genericError}</p>
          {notice.kind === 'notLocated' && <ContentModal trigger={c.helpLink} modal={c.help} testId="help-modal" />}
        </div>
      )}
      {notice.kind === 'notLocated' && notice.unfortunate && (
        <p className="alert" role="note" data-testid="unfortunate">
          {c.unfortunate}
        </p>
      )}
      <Form className="litepay-find__form" validationBehavior="aria" onSubmit={handleSubmit((v) => onFind(phoneDigits(v.phone), v.zip))}>
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextField
              className="field"
              name={field.name}
              type="tel"
              value={field.value}
              onChange={(v) => field.onChange(maskPhoneInput(v))}
              onBlur={field.onBlur}
              maxLength={PHONE_INPUT_MAX}
              autoComplete="tel-national"
              isRequired
              isInvalid={fieldState.isTouched && Boolean(fieldState.error)}
              validationBehavior="aria"
            >
              <Label className="field__label">{c.phoneLabel}</Label>
              <Input ref={field.ref} className="field__input" inputMode="numeric" data-testid="phone" />
              <Text slot="description">{c.phoneHint}</Text>
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="zip"
          render={({ field, fieldState }) => (
            <TextField
              className="field"
              name={field.name}
              type="tel"
              value={field.value}
              onChange={(v) => field.onChange(v.replace(/\D/g, '').slice(0, ZIP_MAX))}
              onBlur={field.onBlur}
              maxLength={ZIP_MAX}
              autoComplete="postal-code"
              isRequired
              isInvalid={fieldState.isTouched && Boolean(fieldState.error)}
              validationBehavior="aria"
            >
              <Label className="field__label">{c.zipLabel}</Label>
              <Input ref={field.ref} className="field__input" inputMode="numeric" data-testid="zip" />
            </TextField>
          )}
        />
        <Button type="submit" className="button button--primary" isDisabled={locating || !formState.isValid} data-testid="find-next">
          {locating ? c.locating : c.next}
        </Button>
      </Form>
    </div>
  );
}
