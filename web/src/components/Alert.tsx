import type { ReactNode } from 'react';

/** An alert inside a page: a bold title and its text. */
export function Alert({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="alert" role="alert" data-testid={testId}>
      <p className="alert__title">{title}</p>
      <p>{children}</p>
    </div>
  );
}
