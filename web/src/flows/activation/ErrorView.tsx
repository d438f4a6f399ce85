import type { ActivationTexts } from './content';

/**
 * `/{locale}/activation/error` (seed 001 §2, §8): "Oh no! Something did not work..." with a
 * link back to the provider's prepaid site.
 */
export function ErrorView({ texts }: { texts: ActivationTexts['error'] }) {
  return (
    <section className="page-message" data-page="activation-error">
      <title>{texts.title}</title>
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <p>
        <a className="button button--secondary" href={texts.linkUrl}>
          {texts.link}
        </a>
      </p>
    </section>
  );
}
