import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { Alert } from '../../../components/Alert';
import type { MerchantFlow } from '../../../content/hooks';
import type { CodeErrorKind, CustomerInfo, DeviceInput } from '../machine';
import { formatPhone, isValidDeviceCode, isValidUsPhone, normalizeDeviceCode, phoneDigits } from '../normalize';

export const deviceSchema = z.object({
  deviceCode: z.string().check(z.refine(isValidDeviceCode, 'deviceCodeInvalid')),
  phone: z.string().check(z.refine(isValidUsPhone, 'phoneInvalid')),
});

type DeviceForm = z.infer<typeof deviceSchema>;

export function formatAddress(info: CustomerInfo): string {
  const a = info.address;
  const street = [a.addressLine1, a.addressLine2].filter(Boolean).join(', ');
  const cityState = [a.city, a.state].filter(Boolean).join(', ');
  return [street, [cityState, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export interface ServiceableProps {
  content: MerchantFlow['serviceable'];
  assignErrors: MerchantFlow['assignErrors'];
  connection: MerchantFlow['addressErrors']['connection'];
  chosen: CustomerInfo;
  device: DeviceInput;
  codeError?: CodeErrorKind;
  connectionAlert: boolean;
  onChangeAddress: () => void;
  onSubmit: (device: DeviceInput) => void;
}

/** Stage serviceable: the eligible address, device code and mobile number (seed 000 §2, §5). */
export function Serviceable(props: ServiceableProps) {
  const { content, assignErrors, connection, chosen, device, codeError, connectionAlert } = props;
  const { control, handleSubmit, formState } = useForm<DeviceForm>({
    resolver: zodResolver(deviceSchema),
    mode: 'onTouched',
    defaultValues: { deviceCode: device.deviceCode, phone: formatPhone(device.phone) },
  });
  const message = (key: string | undefined) =>
    key === 'deviceCodeInvalid' ? content.deviceCodeInvalid : key === 'phoneInvalid' ? content.phoneInvalid : key;

  return (
    <section className="stage card" data-stage="serviceable" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p className="stage__lead">{content.description}</p>
      {connectionAlert && <Alert title={connection.title}>{connection.description}</Alert>}
      <div className="eligible">
        <h2 className="eligible__label">{content.eligibleAddressLabel}</h2>
        <p className="eligible__address">{formatAddress(chosen)}</p>
        <Button className="button button--link" onPress={props.onChangeAddress}>
          {content.changeAddress}
        </Button>
      </div>
      <Form
        className="form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit((values) =>
            props.onSubmit({ deviceCode: values.deviceCode, phone: phoneDigits(values.phone) }),
          )(event);
        }}
      >
        <Controller
          control={control}
          name="deviceCode"
          render={({ field, fieldState }) => {
            // An assign error stays on the code field while it holds the code that was sent.
            const assignError =
              codeError && field.value === device.deviceCode
                ? codeError === 'deviceCodeNotFound'
                  ? assignErrors.deviceCodeNotFound
                  : codeError === 'deviceCodeError'
                    ? assignErrors.deviceCodeError
                    : assignErrors.generic
                : undefined;
            const error = assignError ?? message(fieldState.error?.message);
            return (
              <TextField
                className="field"
                name={field.name}
                value={field.value}
                onChange={(v) => field.onChange(normalizeDeviceCode(v))}
                onBlur={field.onBlur}
                isInvalid={Boolean(error)}
                inputMode="numeric"
                maxLength={6}
              >
                <Label className="field__label">{content.deviceCodeLabel}</Label>
                <Input className="field__input field__input--code" autoComplete="off" />
                <Text slot="description" className="field__hint">
                  {content.deviceCodeHint}
                </Text>
                <FieldError className="field__error">{error}</FieldError>
              </TextField>
            );
          }}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextField
              className="field"
              name={field.name}
              type="tel"
              value={field.value}
              onChange={(v) => field.onChange(formatPhone(v))}
              onBlur={field.onBlur}
              isInvalid={Boolean(fieldState.error)}
              inputMode="tel"
              maxLength={14}
            >
              <Label className="field__label">{content.phoneLabel}</Label>
              <Input className="field__input" autoComplete="tel-national" />
              <FieldError className="field__error">{message(fieldState.error?.message)}</FieldError>
            </TextField>
          )}
        />
        <Button type="submit" className="button button--primary" isDisabled={!formState.isValid}>
          {content.submit}
        </Button>
      </Form>
    </section>
  );
}
