import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { moduleLoader } from '../../lib/moduleLoader';
import { useLoadedAfterPaint } from '../../lib/progressive';
import { REFILL_TABS, showContent, type TabsFocus, type TabsProps } from './tabs';

const realTabs = moduleLoader(() => import('./RealTabs'));

/** Loads the real tabs' code once (again after a failure); resolves with its module. */
export const loadRefillTabs = realTabs.load;

/**
 * The customize page's tabs, loaded progressively (issue 10, ARCHITECTURE.md "First load"):
 * the first screen draws them as React Aria draws them (`StandInTabs`: same roles, ids,
 * attributes and classes, the selected tab's panel); React Aria's tabs (`RealTabs`, with the
 * collection and selection modules, about 15 KB on the wire) load once that screen is `ready`
 * (the page's cart drawn) and painted, or as soon as a stand-in tab is pressed or focused, and
 * take its place keeping the selected tab and the focus. A tab pressed in the stand-in is
 * selected at once. Once loaded, the real tabs are drawn at once.
 */
export function RefillTabs({ ready, ...props }: Omit<TabsProps, 'focus'> & { ready: boolean }) {
  const [Real, take] = useLoadedAfterPaint(realTabs, ready);
  const focus = useRef<TabsFocus | null>(null);

  return Real ? <Real.RealTabs {...props} focus={focus} /> : <StandInTabs {...props} focus={focus} want={take} />;
}

/** What can take the focus with Tab (the panel itself cannot when its content has one: React Aria's rule). */
const TABBABLE = ['input:not([type="hidden"])', 'select', 'textarea', 'button', 'a[href]', 'iframe', '[tabindex]', '[contenteditable]']
  .map((s) => `${s}:not([tabindex^="-"]):not([disabled])`)
  .join();

/** Whether `node` holds an element the Tab key reaches, followed as its content changes. */
function useHasTabbable(node: HTMLElement): boolean {
  const [has, setHas] = useState(false);
  useLayoutEffect(() => {
    const update = () => setHas(node.querySelector(TABBABLE) !== null);
    update();
    const observer = new MutationObserver(update);
    observer.observe(node, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'disabled'] });
    return () => observer.disconnect();
  }, [node]);
  return has;
}

/**
 * The tabs before React Aria's arrive, drawn as React Aria draws them: the tab list, each tab
 * (the selected one in the Tab order), the selected tab's panel. A press selects its tab; the
 * arrow keys, Home and End move between tabs as React Aria's do. Asks for the real tabs on a
 * press or the focus; notes the focus as it leaves.
 */
function StandInTabs({ label, titles, selected, onSelect, content, focus, want }: TabsProps & { want: () => void }) {
  const base = useId();
  const id = (key: string, role: 'tab' | 'tabpanel') => `${base}-${role}-${key}`;
  const list = useRef<HTMLDivElement>(null);
  const panel = useMemo(() => showContent(content, focus), [content, focus]);
  const tabbable = useHasTabbable(content);
  // runs as the stand-in leaves, before its elements leave the document: note the focus
  useLayoutEffect(() => {
    const element = list.current;
    return () => {
      const active = element?.ownerDocument.activeElement;
      if (!(active instanceof HTMLElement)) return;
      const key = REFILL_TABS.find((k) => k === active.dataset.key);
      if (key && element?.contains(active)) focus.current = { tab: key };
      else if (content.contains(active)) focus.current = { inside: active };
    };
  }, [content, focus]);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = REFILL_TABS.indexOf(selected);
    const n = REFILL_TABS.length;
    const to = { ArrowRight: (at + 1) % n, ArrowLeft: (at + n - 1) % n, Home: 0, End: n - 1 }[event.key];
    const key = to === undefined ? undefined : REFILL_TABS[to];
    if (!key) return;
    event.preventDefault();
    onSelect(key);
    list.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.focus();
  };

  return (
    <div className="refill-tabs" data-orientation="horizontal">
      <div
        ref={list}
        className="refill-tabs__list"
        id={base}
        aria-label={label}
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        onKeyDown={onKeyDown}
      >
        {REFILL_TABS.map((key) => {
          const on = key === selected;
          return (
            <div
              key={key}
              className="refill-tabs__tab"
              tabIndex={on ? 0 : -1}
              data-key={key}
              id={id(key, 'tab')}
              aria-selected={on}
              aria-controls={on ? id(key, 'tabpanel') : undefined}
              role="tab"
              data-selected={on || undefined}
              onPointerDown={want}
              onFocus={want}
              onClick={() => onSelect(key)}
            >
              {titles[key]}
            </div>
          );
        })}
      </div>
      <div
        ref={panel}
        id={id(selected, 'tabpanel')}
        aria-labelledby={id(selected, 'tab')}
        tabIndex={tabbable ? undefined : 0}
        role="tabpanel"
        className="refill-tabs__panel"
      />
    </div>
  );
}
