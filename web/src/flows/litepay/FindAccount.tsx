import { useRef, type RefObject } from 'react';
import { Button, Form } from 'react-aria-components';
import { ContentModal } from '../../components/ContentModal';
import { moduleLoader } from '../../lib/moduleLoader';
import { useLoadedAfterPaint, useStandInForm } from '../../lib/progressive';
import type { LitepayTexts } from './content';
import { PhoneField, ZipField, type FindHandoff, type FindValues } from './FindFields';
import type { LookupNotice } from './steps';

const findForm = moduleLoader(() => import('./FindForm'));

/** Loads the find form's code once (again after a failure); resolves with its module. */
export const loadFindForm = findForm.load;

type Texts = LitepayTexts['litepay'];

/**
 * Step 1, find your account (seed 002 §2.11, §5): billing phone (digits only, at most 10,
 * shown `(xxx) xxx - xxxx`, field limit 16) and 5-digit zip, both telephone-type inputs,
 * validated on change (no message texts, seed 002 §5); Next is disabled while invalid and
 * while locating, when its label is the locating message. The notice of the last miss: the
 * BFF's catalogue message; the cannot-locate one with its help modal and, from the second
 * miss in a row, the "unfortunate" warning.
 *
 * Loaded progressively (issue 10, ARCHITECTURE.md "First load"), as the address check: the
 * first screen draws the fields plainly with Next disabled, as the real form draws them empty;
 * the real form (`FindForm`: react-hook-form and zod, about 18 KB on the wire) loads once that
 * screen is painted, or when a field gets the focus if an earlier load failed, and takes the
 * plain form's place with its values, focus, caret and left fields. Once loaded, every later
 * render is the real form at once.
 */
export function FindAccount({ c, locating, notice, onFind }: { c: Texts; locating: boolean; notice: LookupNotice; onFind: (phone: string, zip: string) => void }) {
  const [Real, retry] = useLoadedAfterPaint(findForm);
  const handoff = useRef<FindHandoff | null>(null);
  return (
    <div className="litepay-find">
      {notice.kind !== 'none' && (
        <div className="alert" role="alert" data-testid="lookup-notice" data-notice={notice.kind}>
          <p>{notice.message || c.genericError}</p>
          {notice.kind === 'notLocated' && <ContentModal trigger={c.helpLink} modal={c.help} testId="help-modal" />}
        </div>
      )}
      {notice.kind === 'notLocated' && notice.unfortunate && (
        <p className="alert" role="note" data-testid="unfortunate">
          {c.unfortunate}
        </p>
      )}
      {Real ? (
        <Real.FindForm c={c} locating={locating} onFind={onFind} handoff={handoff} />
      ) : (
        <PlainForm c={c} handoff={handoff} onFocus={retry} />
      )}
    </div>
  );
}

const start: FindHandoff = { values: { phone: '', zip: '' }, left: [], focus: null };

/**
 * The form as plain fields, drawn as the real form draws an empty one (the same fields, the
 * phone mask and the zip's digits applied as typed, Next disabled); what the real form takes
 * over is noted in `handoff` (`useStandInForm`).
 */
function PlainForm({ c, handoff, onFocus }: { c: Texts; handoff: RefObject<FindHandoff | null>; onFocus: () => void }) {
  const { form, field } = useStandInForm<FindValues, FindHandoff>(handoff, start, onFocus);

  return (
    <Form ref={form} className="litepay-find__form" validationBehavior="aria" onSubmit={(event) => event.preventDefault()}>
      <PhoneField label={c.phoneLabel} hint={c.phoneHint} {...field('phone')} />
      <ZipField label={c.zipLabel} {...field('zip')} />
      <Button type="submit" className="button button--primary" isDisabled data-testid="find-next">
        {c.next}
      </Button>
    </Form>
  );
}
