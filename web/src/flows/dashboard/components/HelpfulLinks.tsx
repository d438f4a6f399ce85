import { Button } from 'react-aria-components';
import { Link } from '../../../app/router';
import { useKeptQuery, withKept } from '../../../lib/signedInQuery';
import type { DashboardContent } from '../content';
import type { Dashboard } from '../types';
import { LinkIcon } from './icons';

/**
 * The links shown: content order, move hidden while a move is scheduled (seed 001 §2);
 * reset-router only when the account data carries a modem MAC (the restart needs it); a
 * deactivated account has no service to move or modem to restart (seed 001 §4: it reconnects).
 */
export function visibleLinks(
  links: DashboardContent['helpfulLinks']['links'],
  dashboard: Pick<Dashboard, 'scheduledMove' | 'behindTheModem' | 'status'>,
) {
  const deactivated = dashboard.status === 'deactivated';
  return links.filter(
    (l) => !(l.id === 'move' && (dashboard.scheduledMove || deactivated)) && !(l.id === 'reset-router' && (!dashboard.behindTheModem || deactivated)),
  );
}

/**
 * Helpful links with their icons (seed 001 §2); a `_blank` link opens a new tab and says so;
 * reset-router is a button that opens the reset-router modal (`onResetRouter`).
 */
export function HelpfulLinks({
  dashboard,
  content,
  onResetRouter,
}: {
  dashboard: Dashboard;
  content: DashboardContent['helpfulLinks'];
  onResetRouter: () => void;
}) {
  // the app's links keep the page's account and flags: an aux account's dashboard is not the profile's
  const keep = useKeptQuery();
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
              {link.id === 'reset-router' ? (
                <Button className="helpful-links__button" onPress={onResetRouter}>
                  {body}
                </Button>
              ) : link.target === '_blank' ? (
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {body}
                  <span className="visually-hidden"> {content.newTab}</span>
                </a>
              ) : link.url.startsWith('/') ? (
                <Link to={withKept(link.url, keep)}>{body}</Link>
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
