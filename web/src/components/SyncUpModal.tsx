import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { api, call, type Schemas } from '../api/client';
import { useAll } from '../content/hooks';
import type { Locale } from '../lib/locale';
import { trackCallFailure } from '../lib/analytics';
import { formatPhone } from '../lib/phone';
import { Checkbox } from './Checkbox';
import { useModalAhead } from './modalOrder';
import '../styles/account-information.css';

export type AccountHolder = Schemas['AccountHolder'];
export type PreferredLanguage = Schemas['PreferredLanguage'];

/** The sign-in id as shown: a mobile number as `###-###-####`. */
export function signInIdText(holder: AccountHolder): string | undefined {
  const id = holder.signInId;
  if (!id) return undefined;
  return id.type === 'mobile' ? formatPhone(id.value) : id.value;
}

/**
 * The sync-up modal of the page shell (seed 001 §2 "Page shell", "Dashboard", §5): name, sign-in ID,
 * mobile and e-mail, an SMS opt-in checkbox (off) and a language radio (English); Submit sends
 * only the two choices (`submitSyncUp`: the BFF adds the identity's contact points). Opens when
 * `getSyncUp` said so (`data`, from `SyncUpCheck`, which loads this module only then); closing it
 * (close, Escape, outside) counts as shown. A failure keeps it open with the `all` bundle's message.
 */
export function SyncUpModal({ accountId, locale, data }: { accountId: string; locale: Locale; data: Schemas['SyncUp'] }) {
  const texts = useAll(locale).data?.syncUp;
  const [open, setOpen] = useState(true);
  useModalAhead(open);
  const [smsOptIn, setSmsOptIn] = useState(data.defaults.smsOptIn);
  const [language, setLanguage] = useState<PreferredLanguage>(data.defaults.language);
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () =>
      call('submitSyncUp', () =>
        api.POST('/secure2/accounts/{accountId}/sync-up', { params: { path: { accountId } }, body: { language, smsOptIn } }),
      ),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['account-information', accountId] });
    },
    onError: (e) => trackCallFailure(e, 'submitSyncUp'),
  });
  if (!texts) return null;
  const h = data.holder;
  const rows: [string, string | undefined][] = [
    [texts.nameLabel, `${h.firstName} ${h.lastName}`.trim()],
    [texts.signInIdLabel, signInIdText(h)],
    [texts.mobileLabel, h.mobile && formatPhone(h.mobile.value)],
    [texts.emailLabel, h.email?.value],
  ];
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen={open} onOpenChange={setOpen}>
      <Modal className="modal">
        <Dialog className="dialog" data-testid="sync-up-modal" data-stage={submit.isError ? 'sync-up-failed' : 'sync-up'}>
          <div className="dialog__header">
            <Heading slot="title" level={2}>
              {texts.title}
            </Heading>
            <Button className="dialog__x" aria-label={texts.close} onPress={() => setOpen(false)}>
              ×
            </Button>
          </div>
          <p>{texts.description}</p>
          <dl className="details-list">
            {rows
              .filter((r): r is [string, string] => Boolean(r[1]))
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              submit.mutate();
            }}
          >
            <Checkbox isSelected={smsOptIn} onChange={setSmsOptIn} testId="sync-up-sms">
              {texts.smsOptIn}
            </Checkbox>
            <RadioGroup className="radios-group" value={language} onChange={(v) => setLanguage(v as PreferredLanguage)}>
              <Label className="field__label">{texts.languageLegend}</Label>
              <div className="radios">
                <Radio className="radio" value="ENGLISH">
                  <span className="radio__dot" aria-hidden="true" />
                  {texts.english}
                </Radio>
                <Radio className="radio" value="SPANISH">
                  <span className="radio__dot" aria-hidden="true" />
                  {texts.spanish}
                </Radio>
              </div>
            </RadioGroup>
            {submit.isError && (
              <p className="alert" role="alert">
                {texts.failed}
              </p>
            )}
            <Button type="submit" className="button button--primary" isDisabled={submit.isPending}>
              {submit.isPending ? texts.submitting : texts.submit}
            </Button>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
