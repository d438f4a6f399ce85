import type { RefObject } from 'react';

/** The customize page's tabs (seed 002 §2.2): the debit/credit card tab, then the refill PIN tab. */
export const REFILL_TABS = ['card', 'pin'] as const;
export type RefillTab = (typeof REFILL_TABS)[number];

/** Where the focus was as the stand-in tabs left: on a tab, or on an element of the panel's content. */
export interface TabsFocus {
  tab?: RefillTab;
  inside?: HTMLElement;
}

/**
 * What the stand-in tabs and the real ones draw (`RefillTabs`, `RealTabs`). The selected tab is
 * the page's; the selected tab's content is drawn by the page in `content` (a portal's node),
 * which each panel shows, so the content stays mounted (its state, its focus) when the real tabs
 * take the stand-in's place.
 */
export interface TabsProps {
  label: string;
  titles: Record<RefillTab, string>;
  selected: RefillTab;
  onSelect: (tab: RefillTab) => void;
  content: HTMLElement;
  /** Noted by the stand-in as it leaves, taken by the real tabs as they come. */
  focus: RefObject<TabsFocus | null>;
}

/**
 * A tab panel's ref: shows the content node in the panel (moved, not drawn again) and gives the
 * focus back to the element of the content that had it as the stand-in left (moving a node
 * takes the focus from it).
 */
export function showContent(content: HTMLElement, focus: RefObject<TabsFocus | null>) {
  return (panel: HTMLElement | null) => {
    if (!panel || content.parentNode === panel) return;
    panel.appendChild(content);
    const inside = focus.current?.inside;
    if (inside && content.contains(inside)) {
      focus.current = null;
      inside.focus({ preventScroll: true });
    }
  };
}
