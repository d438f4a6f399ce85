import type { Schemas } from '../api/client';

type LinkContent = Schemas['Link'];

/** A link from content: label, url and target; `_blank` gets `rel="noopener noreferrer"`. */
export function ContentLink({ link, className }: { link: LinkContent; className?: string }) {
  return (
    <a
      className={className}
      href={link.url}
      target={link.target}
      rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}
    >
      {link.label}
    </a>
  );
}
