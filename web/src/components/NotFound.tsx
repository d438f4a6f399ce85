import type { ReactNode } from 'react';
import type { Schemas } from '../api/client';
import { ButtonLink } from './ButtonLink';
import { ContentLink } from './ContentLink';

export type NotFoundContent = Schemas['NotFoundPage'];

/**
 * The drawing of the not-found page: an unplugged cable whose plug sways and whose sparks
 * blink (CSS in `index.css`, still under `prefers-reduced-motion: reduce`). Decorative: the
 * texts say what happened.
 */
function UnpluggedCable() {
  return (
    <svg className="not-found__art" data-testid="not-found-animation" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      <path d="M4 60h30q10 0 10-10V40" className="not-found__cable" />
      <rect x="36" y="26" width="16" height="16" rx="3" className="not-found__socket" />
      <g className="not-found__plug">
        <path d="M116 60H86q-10 0-10-10V44" className="not-found__cable" />
        <rect x="68" y="30" width="16" height="16" rx="3" />
        <path d="M72 30v-6M80 30v-6" className="not-found__pins" />
      </g>
      <path d="M58 20l4 6M62 14v6M66 20l-4 6" className="not-found__spark" />
    </svg>
  );
}

/**
 * The not-found page's body (seed 000 §2 "Error and 404": animation and content text; seed 001:
 * "oops", a resource-unavailable text, a link back and a secondary link). `heading` is the
 * page's h1 (the buy flow focuses its own). `back`: the link back instead of the content's
 * (the account area's back-to-dashboard link).
 */
export function NotFound({
  content,
  heading,
  back = { label: content.backLabel, to: content.backUrl },
}: {
  content: NotFoundContent;
  heading: (title: string) => ReactNode;
  back?: { label: string; to: string };
}) {
  return (
    <>
      <UnpluggedCable />
      <p className="not-found__oops">{content.oops}</p>
      {heading(content.title)}
      <p>{content.description}</p>
      <p className="not-found__links">
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
        <ContentLink className="button button--link" link={content.secondary} />
      </p>
    </>
  );
}
