import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/router';

/**
 * Goes to another page of the flow after an action, and tells the page it is leaving: a page
 * change is a transition (`app/router.tsx`), so while the next page's chunk loads (it loads
 * lazily, `BuyFlow.tsx`) the page stays on view, and without this it would show its button
 * enabled again once the action's call settled (a second press would send the call again).
 * `leaving` stays true until the next page replaces this one.
 */
export function useLeave(): [leaving: boolean, leave: (to: string) => void] {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback(
    (to: string) => {
      setLeaving(true);
      navigate(to);
    },
    [navigate],
  );
  return [leaving, leave];
}
