import type { ReactNode } from 'react';
import { Link } from '../app/router';

/** A link styled as the primary button: a router link to a path of the app, a plain link elsewhere. */
export function ButtonLink({ to, children }: { to: string; children: ReactNode }) {
  return /^https?:/.test(to) ? (
    <a className="button button--primary" href={to}>
      {children}
    </a>
  ) : (
    <Link className="button button--primary" to={to}>
      {children}
    </Link>
  );
}
