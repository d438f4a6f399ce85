import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Progressive loading of a first screen's heavier parts (ARCHITECTURE.md "First load"): the
 * screen draws a plain stand-in, the part's code is asked for once that screen is painted, and
 * the part takes the stand-in's place (the address check's form, its street combobox, the quick
 * refill's find-your-account form).
 */

/**
 * Runs `run` once the frame that shows the current commit is painted (so the first screen is
 * drawn before the code is asked for); returns its cancel.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => void (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** A module loaded once, on demand: `load()` (again after a failure) and `loaded()` once it is. */
export interface ModuleLoader<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}

/**
 * A stand-in's part once its code is there: `loader`'s module (at once when it is already
 * loaded), asked for once the current screen is painted; `retry` asks again (a stand-in field's
 * focus after a failed load) and the part takes the stand-in's place when it arrives.
 */
export function useLoadedAfterPaint<M>(loader: ModuleLoader<M>): [M | undefined, () => void] {
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
  useEffect(() => (module ? undefined : afterPaint(retry)), [module, retry]);
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
