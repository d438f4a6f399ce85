import { Link } from 'react-router';
import type { DashboardContent, HelpfulLinkId } from '../content';
import type { Dashboard } from '../types';
import { LinkIcon } from './icons';

/**
 * Links the dashboard cannot offer yet: the gateway restart needs the device-restart call
 * (seed 001 §7 "Restart device"), which the BFF does not have yet; its modal comes with it.
 */
const NOT_YET_AVAILABLE: ReadonlySet<HelpfulLinkId> = new Set(['reset-router']);

/** The links shown: content order, move hidden while a move is scheduled (seed 001 §2). */
export function visibleLinks(links: DashboardContent['helpfulLinks']['links'], dashboard: Pick<Dashboard, 'scheduledMove'>) {
  return links.filter((l) => !NOT_YET_AVAILABLE.has(l.id) && !(l.id === 'move' && dashboard.scheduledMove));
}

/** Helpful links with their icons (seed 001 §2); a `_blank` link opens a new tab and says so. */
export function HelpfulLinks({ dashboard, content }: { dashboard: Dashboard; content: DashboardContent['helpfulLinks'] }) {
  return (
    <nav className="dash-card helpful-links" aria-labelledby="helpful-links-heading" data-testid="helpful-links">
      <h2 id="helpful-links-heading">{content.heading}</h2>
      <ul>
        {visibleLinks(content.links, dashboard).map((link) => {
          const body = (
            <>
              <LinkIcon id={link.id} />
              <span>{link.label}</span>
            </>
          );
          return (
            <li key={link.id} data-link={link.id}>
              {link.target === '_blank' ? (
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {body}
                  <span className="visually-hidden"> {content.newTab}</span>
                </a>
              ) : link.url.startsWith('/') ? (
                <Link to={link.url}>{body}</Link>
              ) : (
                <a href={link.url}>{body}</a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
