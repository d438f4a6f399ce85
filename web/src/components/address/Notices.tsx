import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { MerchantFlow } from '../../content/hooks';
import { ContentLink } from '../ContentLink';

export function LoadingStage({ stage, text }: { stage: string; text: string }) {
  return (
    <section className="stage card stage--loading" data-stage={stage} aria-busy="true" aria-labelledby="stage-heading">
      <div className="spinner" aria-hidden="true" />
      <div role="status">
        <h1 id="stage-heading" tabIndex={-1}>
          {text}
        </h1>
      </div>
    </section>
  );
}

export function AddressError({
  panel,
  tryAgain,
  onTryAgain,
}: {
  panel: MerchantFlow['addressErrors']['invalidAddress'];
  tryAgain: string;
  onTryAgain: () => void;
}) {
  return (
    <section className="stage card stage--center" data-stage="addressError" aria-labelledby="stage-heading">
      {panel.image && <img className="stage__image" src={panel.image.src} alt={panel.image.alt} width="160" height="120" />}
      <h1 id="stage-heading" tabIndex={-1}>
        {panel.title}
      </h1>
      <p>{panel.description}</p>
      <Button className="button button--primary" onPress={onTryAgain}>
        {tryAgain}
      </Button>
    </section>
  );
}

export function Unserviceable({ content, onBack }: { content: MerchantFlow['unserviceable']; onBack: () => void }) {
  return (
    <section className="stage card" data-stage="unserviceable" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p>{content.description}</p>
      <Button className="button button--primary" onPress={onBack}>
        {content.button}
      </Button>
    </section>
  );
}

export function ExistingPrepaid({ content, onBack }: { content: MerchantFlow['existingPrepaid']; onBack: () => void }) {
  return (
    <section className="stage card" data-stage="existingPrepaidAccount" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p>{content.description}</p>
      <div className="actions">
        <ContentLink className="button button--primary" link={content.myAccount} />
        <Button className="button button--secondary" onPress={onBack}>
          {content.back}
        </Button>
      </div>
    </section>
  );
}

export function ExistingPostpaid({ content, onBack }: { content: MerchantFlow['existingPostpaid']; onBack: () => void }) {
  const [moving, setMoving] = useState(false);
  return (
    <section className="stage card" data-stage="existingPostpaidAccount" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p className="stage__lead">{content.question}</p>
      <div className="actions">
        <ContentLink className="button button--primary" link={content.myAccount} />
        <Button
          className="button button--secondary"
          aria-expanded={moving}
          aria-controls="moving-steps"
          onPress={() => setMoving((m) => !m)}
        >
          {content.moving}
        </Button>
      </div>
      <div id="moving-steps" className="moving" hidden={!moving}>
        <h2>{content.movingHeading}</h2>
        <ol>
          {content.movingSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <Button className="button button--link" onPress={onBack}>
        {content.back}
      </Button>
    </section>
  );
}
