import type { Ring } from '../types';

/** Days a full ring stands for: the default plan (seed 001 §9 "Default plan days 30"). */
export const FULL_RING_DAYS = 30;
/** Seed 001 §2: ring radius 45, stroke 2 (in a 100 x 100 view box). */
export const RING_RADIUS = 45;
export const RING_STROKE = 2;
const CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

/** Share of the ring drawn for `days` remaining: 0 when expired, full at 30 or more. */
export function ringFraction(days: number): number {
  return Math.min(Math.max(days, 0), FULL_RING_DAYS) / FULL_RING_DAYS;
}

/**
 * The circular days-remaining countdown (seed 001 §2 "Services status tile"). The colour
 * comes from `ring`; the number and `label` say the same in words, so colour is never the
 * only signal. The drawing itself is hidden from assistive technology.
 */
export function DaysRing({ days, ring, label }: { days: number; ring: Ring; label: string }) {
  const shown = Math.max(days, 0);
  return (
    <div className={`days-ring days-ring--${ring}`} data-testid="days-ring" data-ring={ring}>
      <svg viewBox="0 0 100 100" width="120" height="120" aria-hidden="true" focusable="false">
        <circle className="days-ring__track" cx="50" cy="50" r={RING_RADIUS} strokeWidth={RING_STROKE} fill="none" />
        <circle
          className="days-ring__arc"
          cx="50"
          cy="50"
          r={RING_RADIUS}
          strokeWidth={RING_STROKE}
          fill="none"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - ringFraction(days))}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <p className="days-ring__text">
        <span className="days-ring__number" aria-hidden="true">
          {shown}
        </span>
        <span className="days-ring__label">{label}</span>
      </p>
    </div>
  );
}
