import type { HelpfulLinkId } from '../content';

const paths: Record<HelpfulLinkId, string> = {
  help: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 15.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5zm1.2-5.1V13h-2.4v-1.6c0-1.3 1-1.9 1.8-2.4.6-.4 1-.7 1-1.3 0-.7-.6-1.2-1.6-1.2-.9 0-1.6.5-1.8 1.3l-2.2-.9C8.5 5.3 10 4.4 12 4.4c2.3 0 4 1.3 4 3.3 0 1.6-1.1 2.4-2 3-.5.3-.8.6-.8 1.1z',
  'offers-promos': 'M21 11.6 12.4 3H4v8.4l8.6 8.6a1.4 1.4 0 0 0 2 0l6.4-6.4a1.4 1.4 0 0 0 0-2zM7.5 9A1.5 1.5 0 1 1 7.5 6a1.5 1.5 0 0 1 0 3z',
  'payment-history': 'M13 3a9 9 0 0 0-9 9H1l4 4 4-4H6a7 7 0 1 1 2.1 5l-1.4 1.4A9 9 0 1 0 13 3zm-1 5v5l4.3 2.5.7-1.2-3.5-2.1V8z',
  'payment-method': 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 14H4v-6h16zm0-10H4V6h16z',
  'refill-cash': 'M3 6h18v12H3zm2 2v8h14V8zm7 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  'reset-router': 'M17.6 6.4A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z',
  'setup-refill': 'M12 4V1L8 5l4 4V6a6 6 0 0 1 5.2 9l1.5 1.5A8 8 0 0 0 12 4zm0 14a6 6 0 0 1-5.2-9L5.3 7.5A8 8 0 0 0 12 20v3l4-4-4-4z',
  move: 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z',
};

/** The icon of a helpful link (seed 001 §2: help, offers-promos, ..., move); decorative. */
export function LinkIcon({ id }: { id: HelpfulLinkId }) {
  return (
    <svg className="helpful-links__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[id]} fill="currentColor" />
    </svg>
  );
}

/** The expired service's icon (a clock with a cross); decorative, the message says it. */
export function ExpiredIcon() {
  return (
    <svg className="service__expired-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm4.2 12.8-1.4 1.4L12 13.4l-2.8 2.8-1.4-1.4 2.8-2.8-2.8-2.8 1.4-1.4 2.8 2.8 2.8-2.8 1.4 1.4-2.8 2.8z"
      />
    </svg>
  );
}
