import { useEffect, useRef, type ReactNode } from 'react';

/** The page's h1, focused on arrival so a screen reader announces the new page. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 id="buy-heading" ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
