import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DaysRing, ringFraction, RING_RADIUS, RING_STROKE } from './DaysRing';

describe('days ring (seed 001 §2 "Services status tile")', () => {
  it('draws radius 45, stroke 2, hidden from assistive technology', () => {
    const { container } = render(<DaysRing days={12} ring="green" label="12 days left" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const circles = container.querySelectorAll('circle');
    expect(circles).toHaveLength(2);
    for (const c of circles) {
      expect(c).toHaveAttribute('r', String(RING_RADIUS));
      expect(c).toHaveAttribute('stroke-width', String(RING_STROKE));
    }
    expect(RING_RADIUS).toBe(45);
    expect(RING_STROKE).toBe(2);
  });

  it('says the days in text, not colour alone', () => {
    render(<DaysRing days={5} ring="amber" label="5 days left" />);
    expect(screen.getByText('5 days left')).toBeVisible();
    expect(screen.getByTestId('days-ring')).toHaveAttribute('data-ring', 'amber');
  });

  it('fills in proportion to a 30-day plan, empty when expired, full beyond 30', () => {
    expect(ringFraction(15)).toBe(0.5);
    expect(ringFraction(0)).toBe(0);
    expect(ringFraction(-3)).toBe(0);
    expect(ringFraction(30)).toBe(1);
    expect(ringFraction(45)).toBe(1);
    const offset = (days: number) => {
      const { container, unmount } = render(<DaysRing days={days} ring="green" label="x" />);
      const value = Number(container.querySelector('.days-ring__arc')?.getAttribute('stroke-dashoffset'));
      unmount();
      return value;
    };
    const circumference = 2 * Math.PI * 45;
    expect(offset(30)).toBeCloseTo(0);
    expect(offset(0)).toBeCloseTo(circumference);
    expect(offset(15)).toBeCloseTo(circumference / 2);
  });

  it('shows 0, never a negative count, when expired', () => {
    const { container } = render(<DaysRing days={-2} ring="red" label="0 days left" />);
    expect(container.querySelector('.days-ring__number')).toHaveTextContent(/^0$/);
  });
});
