import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup, Switch } from 'react-aria-components';
import { ContentLink } from '../../components/ContentLink';
import { trackCallFailure } from '../../lib/analytics';
import { updatePreferences, type CommunicationPreferences } from './api';
import type { AccountInformationContent } from './content';

type Texts = AccountInformationContent['preferences'];

/** Whether the form differs from the saved preferences (seed 001 §5: Update only on change). */
export function changed(saved: CommunicationPreferences, form: CommunicationPreferences): boolean {
  return saved.language !== form.language || saved.smsOptIn !== form.smsOptIn;
}

/**
 * The communication-preferences card (seed 001 §2, §4 "Communication preferences"): the saved
 * language and text-message choice; Edit opens the form (language radio, SMS switch, marketing
 * link), Update is enabled only when the form differs from the saved values and a success is
 * confirmed in a modal. A failure keeps the form with the catalogue's message and is reported
 * (`apiError`).
 */
export function PreferencesCard({ accountId, saved, c }: { accountId: string; saved: CommunicationPreferences; c: Texts }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(saved);
  const [savedModal, setSavedModal] = useState(false);
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: () => updatePreferences(accountId, form),
    onSuccess: (next) => {
      queryClient.setQueryData(['account-information', accountId], (old: object | undefined) => old && { ...old, preferences: next });
      setEditing(false);
      setSavedModal(true);
    },
    // seed 001 §8: a failed change is reported with its call name, code and message
    onError: (e) => trackCallFailure(e, 'updateCommunicationPreferences'),
  });
  const languageName = (l: CommunicationPreferences['language']) => (l === 'SPANISH' ? c.spanish : c.english);
  const stage = savedModal ? 'updated' : update.isError ? 'update-failed' : update.isPending ? 'saving' : editing ? 'editing' : 'view';
  return (
    <section className="card" aria-labelledby="preferences-heading" data-testid="preferences-card" data-stage={stage}>
      <div className="card__header">
        <h2 id="preferences-heading">{c.heading}</h2>
        <Button
          className="button button--link"
          aria-expanded={editing}
          onPress={() => {
            setForm(saved);
            update.reset();
            setEditing(!editing);
          }}
        >
          {editing ? c.cancel : c.edit}
        </Button>
      </div>
      {editing ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed(saved, form)) update.mutate();
          }}
        >
          <RadioGroup className="radios-group" value={form.language} onChange={(v) => setForm({ ...form, language: v as CommunicationPreferences['language'] })}>
            <Label className="field__label">{c.languageLegend}</Label>
            <div className="radios">
              <Radio className="radio" value="ENGLISH">
                <span className="radio__dot" aria-hidden="true" />
                {c.english}
              </Radio>
              <Radio className="radio" value="SPANISH">
                <span className="radio__dot" aria-hidden="true" />
                {c.spanish}
              </Radio>
            </div>
          </RadioGroup>
          <Switch className="switch" isSelected={form.smsOptIn} onChange={(smsOptIn) => setForm({ ...form, smsOptIn })} data-testid="sms-switch">
            <span className="switch__track" aria-hidden="true">
              <span className="switch__thumb" />
            </span>
            {c.smsLabel}
          </Switch>
          <ContentLink link={c.marketingLink} />
          {update.isError && (
            <p className="alert" role="alert">
              {c.failed}
            </p>
          )}
          <Button type="submit" className="button button--primary" isDisabled={!changed(saved, form) || update.isPending}>
            {update.isPending ? c.saving : c.update}
          </Button>
        </form>
      ) : (
        <dl className="details-list">
          <div>
            <dt>{c.languageLegend}</dt>
            <dd>{languageName(saved.language)}</dd>
          </div>
          <div>
            <dt>{c.smsLabel}</dt>
            <dd>{saved.smsOptIn ? c.smsOn : c.smsOff}</dd>
          </div>
        </dl>
      )}
      <ModalOverlay className="modal-overlay" isDismissable isOpen={savedModal} onOpenChange={setSavedModal}>
        <Modal className="modal">
          <Dialog className="dialog" data-testid="preferences-saved">
            <Heading slot="title" level={2}>
              {c.savedTitle}
            </Heading>
            <p>{c.savedMessage}</p>
            <Button className="button button--primary" onPress={() => setSavedModal(false)}>
              {c.close}
            </Button>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}
