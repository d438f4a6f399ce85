import { useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { Faq } from '../../../components/Faq';
import { LazyModal } from '../../../components/LazyModal';
import type { MerchantFlow } from '../../../content/hooks';

export function ReadyToBuy({
  content,
  isColdTap,
  closeLabel,
}: {
  content: MerchantFlow['readyToBuy'];
  isColdTap: boolean;
  closeLabel: string;
}) {
  const [headsUpOpen, setHeadsUpOpen] = useState(true);
  return (
    <section className="stage card" data-stage="readytobuy" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p className="stage__lead">{content.description}</p>
      {isColdTap && (
        <p className="notice notice--info" data-testid="cold-tap-note">
          {content.coldTapNote}
        </p>
      )}
      <div className="product">
        <img className="product__image" src={content.productImage.src} alt={content.productImage.alt} width="200" height="150" />
        <div className="promo">
          <h2 className="promo__title">{content.promoTitle}</h2>
          <p>{content.promoBody}</p>
        </div>
      </div>
      <h2>{content.faqHeading}</h2>
      <Faq items={content.faq} idPrefix="faq" />

      {/* open on arrival; its code loads after the stage is drawn (`LazyModal`) */}
      <LazyModal isOpen={headsUpOpen} onOpenChange={setHeadsUpOpen} dialog={{ 'data-testid': 'heads-up' }}>
        <div className="dialog__header">
          <Heading slot="title" level={2}>
            {content.headsUpTitle}
          </Heading>
          <Button className="dialog__x" aria-label={closeLabel} onPress={() => setHeadsUpOpen(false)}>
            <span aria-hidden="true">×</span>
          </Button>
        </div>
        <p>{content.headsUpBody}</p>
        <Button className="button button--primary" onPress={() => setHeadsUpOpen(false)}>
          {content.headsUpClose}
        </Button>
      </LazyModal>
    </section>
  );
}
