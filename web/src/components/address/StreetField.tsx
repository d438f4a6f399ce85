import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { searchAddresses, shouldSuggest, type AddressSuggestion } from '../../lib/address';
import { moduleLoader } from '../../lib/moduleLoader';
import { useLoadedAfterPaint, type FocusNote } from '../../lib/progressive';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { StreetFieldProps } from './StreetCombobox';

/**
 * The address check's street field, loaded progressively (issue 10, ARCHITECTURE.md "First
 * load"): the first screen draws a plain React Aria `TextField` (same label, name, classes and
 * size as the combobox, no list) and the combobox's code (`StreetCombobox`: React Aria's
 * ComboBox, ListBox, collections and the Popover, about 34 KB on the wire) loads right after
 * that screen is painted, or when the plain field gets the focus if an earlier load failed. The
 * combobox then takes the plain field's place with its value (the form's), focus and caret.
 * The suggestions' state lives here (`useStreetSuggestions`), so text typed in the plain field
 * is asked for after the usual pause and its suggestions show once the combobox is there.
 * Once loaded, every later street field (back from a notice, the move entry) is the combobox
 * at once.
 */

export const SUGGEST_DELAY_MS = 300;

/**
 * Suggestions for the street `value` (seed 000 §5): asked for after a 300 ms pause when the
 * text has more than one non-space character, shown only for text the customer typed (not a
 * pick); `change` takes typed text, `pick` a chosen suggestion; `typedBefore`: the value was typed
 * (in the address check's plain stand-in) before this field was drawn.
 */
export function useStreetSuggestions(
  value: string,
  onChange: (value: string) => void,
  onPick: (s: AddressSuggestion) => void,
  typedBefore = false,
) {
  const debounced = useDebouncedValue(value, SUGGEST_DELAY_MS);
  const [typed, setTyped] = useState(typedBefore);
  const picked = useRef<string | null>(null);
  const enabled = shouldSuggest(debounced) && debounced !== picked.current;
  const query = useQuery({
    queryKey: ['addressSuggestions', debounced],
    queryFn: ({ signal }) => searchAddresses(debounced, signal),
    enabled,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return {
    suggestions: shouldSuggest(value) && typed ? (query.data?.suggestions ?? []) : [],
    version: query.dataUpdatedAt,
    typed,
    change: (text: string) => {
      if (text === value) return;
      if (text !== picked.current) setTyped(true);
      onChange(text);
    },
    pick: (suggestion: AddressSuggestion) => {
      picked.current = suggestion.street;
      setTyped(false);
      onPick(suggestion);
    },
  };
}


const combobox = moduleLoader(() => import('./StreetCombobox'));

/** Loads the combobox's code once (again after a failure); resolves with its module. */
export const loadStreetCombobox = combobox.load;

/** Where the caret was in the plain field when the combobox replaced it (null: not focused). */
type Handoff = Omit<FocusNote, 'name'> | null;

export function StreetField(props: StreetFieldProps) {
  const [Combobox, retry] = useLoadedAfterPaint(combobox);
  const suggestions = useStreetSuggestions(props.value, props.onChange, props.onPick, props.typedBefore);
  const handoff = useRef<Handoff>(null);
  const input = useRef<HTMLInputElement>(null);

  // the combobox is in the document now: the focus and caret the plain field had move to it
  useLayoutEffect(() => {
    const caret = handoff.current;
    handoff.current = null;
    if (!caret || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(caret.start, caret.end, caret.direction);
  }, [Combobox]);

  const { suggestions: list, version, typed, change, pick } = suggestions;
  if (Combobox) {
    return (
      <Combobox.StreetCombobox
        {...props}
        onChange={change}
        onPick={pick}
        suggestions={list}
        version={version}
        typed={typed}
        inputRef={input}
      />
    );
  }
  return <PlainStreet {...props} onChange={change} handoff={handoff} onFocus={retry} />;
}

/** The street as a plain text field, drawn as the combobox draws it (closed, no suggestions). */
function PlainStreet({
  label,
  value,
  error,
  name,
  onChange,
  onBlur,
  handoff,
  onFocus,
}: StreetFieldProps & { handoff: RefObject<Handoff>; onFocus: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const leaving = useRef(false);
  // runs as this field leaves, before its input leaves the document: note the focus and caret
  useLayoutEffect(() => {
    const element = input.current;
    leaving.current = false;
    return () => {
      leaving.current = true;
      const focused = element !== null && element === element.ownerDocument.activeElement;
      handoff.current = focused
        ? { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection ?? 'none' }
        : null;
    };
  }, [handoff]);

  return (
    <TextField
      className="field"
      name={name}
      value={value}
      isInvalid={Boolean(error)}
      onChange={onChange}
      // leaving for the combobox is no blur: the field was not left (no "required" message)
      onBlur={() => leaving.current || onBlur()}
      onFocus={onFocus}
    >
      <Label className="field__label">{label}</Label>
      <Input ref={input} className="field__input" autoComplete="off" />
      <FieldError className="field__error">{error}</FieldError>
    </TextField>
  );
}
