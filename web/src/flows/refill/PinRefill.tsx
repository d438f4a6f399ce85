import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Button, Dialog, FieldError, Form, Heading, Input, Label, Modal, ModalOverlay, Text, TextField } from 'react-aria-components';
import { z } from 'zod/mini';
import { CallFailure, catalogueMessage } from '../../api/client';
import { fill, formatUtcDate } from '../../lib/format';
import { redeemRefillPin, validateRefillPin, type PinDetails, type PinRedemption } from './api';
import type { RefillPageProps } from './types';

/** Seed 002 §2.3, §5, §9: a PIN of at most 16 characters, non-empty to verify. */
export const PIN_MAX = 16;
const pinSchema = z.object({ pin: z.string().check(z.trim(), z.minLength(1), z.maxLength(PIN_MAX)) });
type PinForm = z.infer<typeof pinSchema>;

/** How a refused PIN shows (seed 002 §2.3): the "system does not recognize" codes are a modal. */
const MODAL_CODES = new Set(['PIN_NOT_RECOGNISED', 'PIN_REDEEM_FAILED']);

/** The catalogue message the BFF answered (the `PIN_*` codes, `PAYMENT_IN_PROGRESS`), else the generic text. */
function messageOf(e: unknown, generic: string): string {
  return catalogueMessage(e) ?? generic;
}

/**
 * The refill PIN tab (seed 002 §2.3, §4.3b): validate, then the PIN details, then redeem (one
 * Idempotency-Key per attempt, kept for a retry after a lost answer), then the confirmation.
 * `PIN_REJECTED` and the other refusals are an inline alert; `PIN_NOT_RECOGNISED` and
 * `PIN_REDEEM_FAILED` the "system does not recognize" modal. Texts are the BFF's catalogue's.
 */
export function PinRefill({ accountId, texts, onRedeemed }: RefillPageProps & { onRedeemed: (r: PinRedemption) => void }) {
  const c = texts.refill;
  const p = c.pin;
  const [details, setDetails] = useState<PinDetails>();
  const [error, setError] = useState<{ message: string; modal: boolean }>();
  const key = useRef<string>(undefined);
  const { control, handleSubmit, reset } = useForm<PinForm>({
    resolver: zodResolver(pinSchema),
    defaultValues: { pin: '' },
  });
  const refused = (e: unknown) =>
    setError({ message: messageOf(e, c.genericError), modal: e instanceof CallFailure && MODAL_CODES.has(e.errorCode) });
  const validate = useMutation({
    mutationFn: (pin: string) => validateRefillPin(accountId, pin),
    onMutate: () => setError(undefined),
    onSuccess: (d) => setDetails(d),
    onError: refused,
  });
  const redeem = useMutation({
    mutationFn: () => redeemRefillPin(accountId, (key.current ??= crypto.randomUUID())),
    onMutate: () => setError(undefined),
    onSuccess: (r) => {
      key.current = undefined;
      onRedeemed(r);
    },
    onError: (e) => {
      // an HTTP answer ends the attempt; a network failure keeps its key for the retry
      if (!(e instanceof CallFailure) || e.status !== 0) key.current = undefined;
      // the BFF dropped the PIN with the refusal: it must be validated again
      setDetails(undefined);
      refused(e);
    },
  });
  const again = () => {
    setDetails(undefined);
    setError(undefined);
    reset();
  };
  const inlineError = error && !error.modal ? error.message : undefined;

  return (
    <div className="refill-pin" data-stage={details ? 'pin-details' : 'pin'}>
      <h2>{p.heading}</h2>
      <p>{p.intro}</p>
      {inlineError && (
        <div className="alert" role="alert" data-testid="pin-alert">
          <p>{inlineError}</p>
        </div>
      )}
      {details ? (
        <div data-testid="pin-details">
          <h3>{p.detailsHeading}</h3>
          <dl className="refill-details">
            <div>
              <dt>{p.pin}</dt>
              <dd translate="no">{details.pin}</dd>
            </div>
            <div>
              <dt>{p.plans}</dt>
              <dd>{fill(p.plansValue, { n: details.planQty })}</dd>
            </div>
            <div>
              <dt>{p.expires}</dt>
              {/* one date format on the page, m/d/yyyy (seed 001 §9), never the provider's MM/DD/YYYY */}
              <dd data-testid="pin-expires">{formatUtcDate(details.expirationDate)}</dd>
            </div>
            <div>
              <dt>{p.newExpiry}</dt>
              <dd data-testid="pin-new-expiry">{formatUtcDate(details.newExpirationDate)}</dd>
            </div>
          </dl>
          <div className="actions">
            <Button className="button button--primary" isDisabled={redeem.isPending} onPress={() => redeem.mutate()}>
              {redeem.isPending ? p.redeeming : p.redeem}
            </Button>
            <Button className="button button--secondary" isDisabled={redeem.isPending} onPress={again}>
              {p.otherPin}
            </Button>
          </div>
        </div>
      ) : (
        <Form className="refill-pin__form" validationBehavior="aria" onSubmit={handleSubmit((v) => validate.mutate(v.pin.trim()))}>
          <Controller
            control={control}
            name="pin"
            render={({ field, fieldState }) => (
              <TextField
                className="field"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={PIN_MAX}
                autoComplete="off"
                isRequired
                isInvalid={Boolean(fieldState.error) || Boolean(inlineError)}
                validationBehavior="aria"
              >
                <Label className="field__label">{p.label}</Label>
                <Input ref={field.ref} className="field__input" spellCheck={false} />
                <Text slot="description">{p.hint}</Text>
                <FieldError>{fieldState.error ? p.required : undefined}</FieldError>
              </TextField>
            )}
          />
          <Button type="submit" className="button button--primary" isDisabled={validate.isPending}>
            {validate.isPending ? p.verifying : p.verify}
          </Button>
        </Form>
      )}
      <ModalOverlay className="modal-overlay" isDismissable isOpen={Boolean(error?.modal)} onOpenChange={(open) => !open && setError(undefined)}>
        <Modal className="modal">
          <Dialog className="dialog" role="alertdialog" data-testid="pin-modal">
            <div className="dialog__header">
              <Heading slot="title" level={2}>
                {p.notRecognisedTitle}
              </Heading>
            </div>
            <p>{error?.message}</p>
            <div className="dialog__actions">
              <Button className="button button--primary" onPress={() => setError(undefined)}>
                {p.close}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
