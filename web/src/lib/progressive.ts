import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ModuleLoader } from './moduleLoader';

/**
 * Progressive loading of a first screen's heavier parts (ARCHITECTURE.md "First load"): the
 * screen draws a plain stand-in, the part's code is asked for once that screen is painted, and
 * the part takes the stand-in's place (the address check's form, its street combobox, the quick
 * refill's find-your-account form).
 */

/** How long `firstPaintShown` waits for a paint entry before it gives up waiting (ms). */
const FIRST_PAINT_WAIT_MS = 3000;
let firstPaint: Promise<void> | undefined;
let firstPaintDone = false;

/**
 * Resolves once the page's first contentful paint is on screen: the browser reports its `paint`
 * entry after the frame was presented, which can be tens of ms after the main thread painted
 * it (a rendering step of its own, raster and compositing). What loads only after that does
 * not compete with the first screen; a page opened without paint timing, or whose entry does
 * not come within `FIRST_PAINT_WAIT_MS`, does not wait.
 */
export function firstPaintShown(): Promise<void> {
  return (firstPaint ??= new Promise<void>((resolve) => {
    const types = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
    if (!types.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  }).then(() => void (firstPaintDone = true)));
}

/**
 * Whether the page's first paint is on screen (`firstPaintShown`): what the first screen can do
 * without (a label below it) is asked for once this is true.
 */
export function useFirstPaintShown(): boolean {
  const [shown, setShown] = useState(firstPaintDone);
  useEffect(() => {
    if (shown) return;
    let live = true;
    void firstPaintShown().then(() => live && setShown(true));
    return () => void (live = false);
  }, [shown]);
  return shown;
}

/**
 * Runs `run` once the frame that shows the current commit is painted and the page's first
 * paint is on screen (`firstPaintShown`), so the first screen is drawn before the code is asked
 * for; returns its cancel.
 */
export function afterPaint(run: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(
    () => void (timer = setTimeout(() => void firstPaintShown().then(() => cancelled || run()), 0)),
  );
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}


/**
 * A stand-in's part once its code is there: `loader`'s module (at once when it is already
 * loaded), asked for once the current screen is painted (and `ready`: e.g. a page whose first
 * screen waits on an answer); `retry` asks again (a stand-in's focus or press, also after a
 * failed load) and the part takes the stand-in's place when it arrives.
 */
export function useLoadedAfterPaint<M>(loader: ModuleLoader<M>, ready = true): [M | undefined, () => void] {
  const [module, setModule] = useState<M | undefined>(loader.loaded);
  const live = useRef(false);
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);
  const retry = useCallback(
    () =>
      void loader.load().then(
        (loaded) => live.current && setModule(() => loaded),
        () => undefined, // the stand-in stays; the next retry asks again
      ),
    [loader],
  );
  useEffect(() => (module || !ready ? undefined : afterPaint(retry)), [module, ready, retry]);
  return [module, retry];
}

/** A form's values the customer gave a stand-in form, which the real form takes over. */
export interface Handoff<V> {
  values: V;
  /** Fields the customer left (the real form validates them at once). */
  left: (keyof V & string)[];
  /** The field with the focus and its caret, if one had it. */
  focus: FocusNote<keyof V & string> | null;
}

/**
 * A stand-in form's fields (the address check's, the quick refill's find step): what the real
 * form takes over is noted in `handoff` as it happens (the real form reads the values as it
 * first renders, before the stand-in leaves), the fields the customer left, and the focus and
 * caret as the stand-in leaves. `start`: the hand-over when nothing was noted (the defaults; keep
 * it stable). `change`: the value a field keeps of what was typed (e.g. a zip's digits) and what
 * else to note (e.g. that the street was typed). Returns the form's ref and each field's props.
 */
export function useStandInForm<V extends Record<keyof V & string, string>, H extends Handoff<V>>(
  handoff: RefObject<H | null>,
  start: H,
  onFocus: () => void,
  change: (name: keyof V & string, typed: string) => { value: string; note?: Partial<H> } = (_name, typed) => ({ value: typed }),
) {
  const [values, setValues] = useState(start.values);
  const form = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const note = (patch: Partial<H>) => void (handoff.current = { ...(handoff.current ?? start), ...patch });
  // runs as the stand-in leaves, before its inputs leave the document: note the focus and caret
  useLayoutEffect(() => {
    const element = form.current;
    leaving.current = false;
    return () => {
      leaving.current = true;
      const focus = noteFocus<keyof V & string>(element);
      // nothing noted before: nothing changed, the start stands
      if (handoff.current) handoff.current = { ...handoff.current, focus };
      else if (focus) handoff.current = { ...start, focus };
    };
  }, [handoff, start]);

  const field = (name: keyof V & string) => ({
    value: values[name],
    onChange: (typed: string) => {
      const { value, note: more } = change(name, typed);
      // the noted values are the latest (several changes can come before a render)
      const next = { ...(handoff.current?.values ?? values), [name]: value };
      setValues(next);
      note({ ...more, values: next } as Partial<H>);
    },
    // leaving for the real form is no blur: the field was not left
    onBlur: () => {
      const left = handoff.current?.left ?? [];
      if (!leaving.current && !left.includes(name)) note({ left: [...left, name] } as Partial<H>);
    },
    onFocus,
  });
  return { form, field };
}

/**
 * The real form's side of the hand-over, as it takes a stand-in's place (`AddressForm`,
 * `FindForm`): each field left in the stand-in is `touch`ed (counted as left: validated now and
 * on every change), and the field that had the focus gets it back with its caret. The hand-over
 * is taken once. Returns the form's ref.
 */
export function useTakeOver<V, H extends Handoff<V>>(handoff: RefObject<H | null>, touch: (name: keyof V & string) => void) {
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const taken = handoff.current;
    handoff.current = null;
    if (!taken) return;
    for (const name of taken.left) touch(name);
    giveFocus(form.current, taken.focus);
  }, [handoff, touch]);
  return form;
}

/** The input of a form with the focus (by name) and its caret. */
export interface FocusNote<K extends string = string> {
  name: K;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none';
}

/** The focused input of `form`, if it has it, by name with its caret (noted as a stand-in leaves). */
export function noteFocus<K extends string>(form: HTMLFormElement | null): FocusNote<K> | null {
  const active = form?.ownerDocument.activeElement;
  if (!(active instanceof HTMLInputElement) || !form?.contains(active)) return null;
  return { name: active.name as K, start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? 'none' };
}

/** Gives `form`'s input named as in `focus` the focus and caret a stand-in had. */
export function giveFocus(form: HTMLFormElement | null, focus: FocusNote | null): void {
  const input = focus && form?.querySelector<HTMLInputElement>(`input[name="${focus.name}"]`);
  if (!input || !focus) return;
  input.focus();
  input.setSelectionRange(focus.start, focus.end, focus.direction);
}
