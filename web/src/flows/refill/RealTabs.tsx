import { useCallback, useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { REFILL_TABS, showContent, type RefillTab, type TabsProps } from './tabs';

/**
 * The customize page's tabs as React Aria draws them (keyboard, focus ring, selection), with
 * the collection and selection modules they need (about 15 KB on the wire): loaded after the
 * page's first screen, in place of its stand-in (`RefillTabs`). Each panel shows the page's
 * content node; a tab that had the focus in the stand-in gets it back.
 */
export function RealTabs({ label, titles, selected, onSelect, content, focus }: TabsProps) {
  const panel = useMemo(() => showContent(content, focus), [content, focus]);
  const tab = useCallback(
    (element: HTMLElement | null) => {
      const key = focus.current?.tab;
      // the collection's own pass gives no element
      if (key && element instanceof HTMLElement && element.dataset.key === key) {
        focus.current = null;
        element.focus({ preventScroll: true });
      }
    },
    [focus],
  );
  return (
    <Tabs className="refill-tabs" selectedKey={selected} onSelectionChange={(key) => onSelect(key as RefillTab)}>
      <TabList className="refill-tabs__list" aria-label={label}>
        {REFILL_TABS.map((id) => (
          <Tab key={id} id={id} className="refill-tabs__tab" ref={tab}>
            {titles[id]}
          </Tab>
        ))}
      </TabList>
      {REFILL_TABS.map((id) => (
        <TabPanel key={id} id={id} className="refill-tabs__panel" ref={panel} />
      ))}
    </Tabs>
  );
}
