import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CallFailure } from '../../../api/client';
import { useLocale } from '../../../lib/useLocale';
import { updateCustomer, type RestoredSession } from '../api';
import { CustomerInfoForm, type CustomerField, type CustomerValues, type ServerFieldError } from '../components/CustomerInfoForm';
import { PageHeading } from '../components/PageHeading';
import { KEYS, readJson, writeJson } from '../storage';
import { useBuyState } from '../state';
import { genericMessage } from '../content';
import { buyHref, type BuyPageProps } from '../routes';
import { useLeave } from '../useLeave';

function detailsOf(error: unknown): ServerFieldError[] {
  if (!(error instanceof CallFailure) || error.status !== 400) return [];
  const body = error.body as { details?: ServerFieldError[] } | undefined;
  return body?.details ?? [];
}

/** The values the restored session holds, and which fields they make read-only. */
export function restoredValues(restored: RestoredSession | undefined): { values: Partial<CustomerValues>; readOnly: Set<CustomerField> } {
  const values: Partial<CustomerValues> = {};
  const readOnly = new Set<CustomerField>();
  if (!restored) return { values, readOnly };
  const s = restored.digitalSession;
  const put = (field: CustomerField, value: string | undefined) => {
    if (value && value.trim()) {
      values[field] = value.trim();
      readOnly.add(field);
    }
  };
  put('firstName', s.name.firstName);
  put('lastName', s.name.lastName);
  put('email', s.contact.email);
  put('tn', s.contact.phoneNumber?.replace(/\D/g, ''));
  if (values.email) values.confirmEmail = values.email;
  return { values, readOnly };
}

/** `/{locale}/buy/customer-info`: the customer form (seed 000 §5); Next saves it in the BFF. */
export function CustomerInfoPage({ content, page }: BuyPageProps) {
  const c = content.customerInfo;
  const locale = useLocale();
  const [leaving, leave] = useLeave();
  const { setNotification } = useBuyState();
  const { values, readOnly } = useMemo(() => restoredValues(readJson<RestoredSession>(KEYS.restored)), []);
  const saved = useMemo(() => readJson<CustomerValues>(KEYS.customer), []);
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>();

  const save = useMutation({
    mutationFn: updateCustomer,
    onSuccess: (answer) => {
      writeJson(KEYS.customer, { ...answer, confirmEmail: answer.email });
      leave(buyHref(locale, 'order-details'));
    },
    onError: (error) => {
      const details = detailsOf(error);
      if (details.length > 0) setServerErrors(details);
      else setNotification(genericMessage(content));
    },
  });

  return (
    <section className="card buy-page" data-page={page.id} aria-labelledby="buy-heading">
      <title>{c.heading}</title>
      <PageHeading>{c.heading}</PageHeading>
      <p className="stage__lead">{c.description}</p>
      <CustomerInfoForm
        content={c}
        defaults={{ ...saved, ...values }}
        readOnly={readOnly}
        serverErrors={serverErrors}
        submitting={save.isPending || leaving}
        onSubmit={(v) => save.mutate(v)}
      />
    </section>
  );
}
