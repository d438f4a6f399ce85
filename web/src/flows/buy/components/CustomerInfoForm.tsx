import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import type { BuyContent } from '../content';
import {
  customerSchema,
  filterLetters,
  formatDisplayTn,
  LIMITS,
  tnDigits,
  type CustomerForm,
  type CustomerMessageKey,
} from '../customerForm';

export interface CustomerValues {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  /** 10 digits. */
  tn: string;
}

export type CustomerField = keyof CustomerValues;

/** A field the BFF refused (400 `details`), by the BFF's field name. */
export interface ServerFieldError {
  field: string;
  code: string;
}

const FIELD_OF: Record<string, Path<CustomerForm>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  confirmEmail: 'confirmEmail',
  tn: 'displayTn',
  displayTn: 'displayTn',
};

const MESSAGE_OF: Record<Path<CustomerForm>, CustomerMessageKey> = {
  firstName: 'firstNameMissing',
  lastName: 'lastNameMissing',
  email: 'emailMissing',
  confirmEmail: 'confirmEmailMissing',
  displayTn: 'phoneInvalid',
};

export interface CustomerInfoFormProps {
  content: BuyContent['customerInfo'];
  defaults: Partial<CustomerValues>;
  /** Fields the restored session already holds: shown read-only. */
  readOnly: ReadonlySet<CustomerField>;
  serverErrors?: ServerFieldError[];
  submitting: boolean;
  onSubmit: (values: CustomerValues) => void;
}

/** The customer-info form (seed 000 §5). */
export function CustomerInfoForm({ content, defaults, readOnly, serverErrors, submitting, onSubmit }: CustomerInfoFormProps) {
  const { control, handleSubmit, trigger, setError, getFieldState, formState } = useForm<CustomerForm>({
    resolver: zodResolver(customerSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: defaults.firstName ?? '',
      lastName: defaults.lastName ?? '',
      email: defaults.email ?? '',
      confirmEmail: defaults.confirmEmail ?? defaults.email ?? '',
      displayTn: formatDisplayTn(defaults.tn ?? ''),
    },
  });

  useEffect(() => {
    for (const e of serverErrors ?? []) {
      const name = FIELD_OF[e.field];
      // the BFF's code when it is one of the content messages, else the field's own message
      const key = e.code in content.messages ? e.code : MESSAGE_OF[name ?? 'firstName'];
      if (name) setError(name, { type: 'server', message: key }, { shouldFocus: true });
    }
  }, [serverErrors, setError, content.messages]);

  const message = (key: string | undefined) =>
    key && key in content.messages ? content.messages[key as CustomerMessageKey] : undefined;

  const field = (
    name: Path<CustomerForm>,
    label: string,
    options: {
      maxLength: number;
      filter?: (v: string) => string;
      type?: 'text' | 'email' | 'tel';
      autoComplete: string;
      readOnlyAs?: CustomerField;
      hint?: string;
      inputMode?: 'tel' | 'email' | 'text';
    },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => {
        const isReadOnly = options.readOnlyAs ? readOnly.has(options.readOnlyAs) : false;
        return (
          <TextField
            className="field"
            name={f.name}
            type={options.type ?? 'text'}
            value={f.value}
            isReadOnly={isReadOnly}
            isRequired
            onChange={(v) => {
              f.onChange(options.filter ? options.filter(v) : v);
              // re-validate on input once in error (and the confirmation with the e-mail)
              if (getFieldState(name).invalid) void trigger(name);
              if (name === 'email' && getFieldState('confirmEmail').invalid) void trigger('confirmEmail');
            }}
            onBlur={f.onBlur}
            isInvalid={Boolean(fieldState.error)}
            maxLength={options.maxLength}
            inputMode={options.inputMode}
          >
            <Label className="field__label">{label}</Label>
            <Input className="field__input" autoComplete={options.autoComplete} ref={f.ref} />
            {options.hint && (
              <Text slot="description" className="field__hint">
                {options.hint}
              </Text>
            )}
            {isReadOnly && (
              <Text slot="description" className="field__hint">
                {content.readOnlyHint}
              </Text>
            )}
            <FieldError className="field__error">{message(fieldState.error?.message)}</FieldError>
          </TextField>
        );
      }}
    />
  );

  return (
    <Form
      className="form"
      validationBehavior="aria"
      data-testid="customer-form"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit((v) =>
          onSubmit({
            firstName: v.firstName.trim(),
            lastName: v.lastName.trim(),
            email: v.email.trim(),
            confirmEmail: v.confirmEmail.trim(),
            tn: tnDigits(v.displayTn),
          }),
        )(event);
      }}
    >
      {field('firstName', content.firstNameLabel, {
        maxLength: LIMITS.firstName,
        filter: filterLetters,
        autoComplete: 'given-name',
        readOnlyAs: 'firstName',
      })}
      {field('lastName', content.lastNameLabel, {
        maxLength: LIMITS.lastName,
        filter: filterLetters,
        autoComplete: 'family-name',
        readOnlyAs: 'lastName',
      })}
      {field('email', content.emailLabel, {
        maxLength: LIMITS.email,
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        readOnlyAs: 'email',
      })}
      {field('confirmEmail', content.confirmEmailLabel, {
        maxLength: LIMITS.confirmEmail,
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        readOnlyAs: 'email',
      })}
      {field('displayTn', content.phoneLabel, {
        maxLength: LIMITS.displayTn,
        filter: formatDisplayTn,
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel-national',
        readOnlyAs: 'tn',
        hint: content.phoneHint,
      })}
      <Button type="submit" className="button button--primary" isDisabled={submitting || formState.isSubmitting}>
        {content.next}
      </Button>
    </Form>
  );
}
