import { useContext, useEffect, useRef, type Key, type Ref } from 'react';
import { ComboBox, ComboBoxStateContext, FieldError, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import type { AddressSuggestion } from '../../lib/address';

/**
 * Opens the list when new suggestions arrive after the user typed (async results). Results
 * there when this field took over from `StreetField`'s plain one with typed text are
 * new until the field is focused (the focus it takes over comes right after it is drawn).
 */
function OpenOnResults({ version, count, typed }: { version: number; count: number; typed: boolean }) {
  const state = useContext(ComboBoxStateContext);
  const stateRef = useRef(state);
  stateRef.current = state;
  const seen = useRef(typed && count > 0 ? -1 : version);
  const focused = state?.isFocused ?? false;
  useEffect(() => {
    if (version === seen.current) return;
    const s = stateRef.current;
    if (seen.current === -1 && !s?.isFocused) return;
    seen.current = version;
    if (s && typed && count > 0 && !s.isOpen && s.isFocused) s.open(null, 'input');
  }, [version, count, typed, focused]);
  return null;
}

/**
 * While the list is open React Aria hides the rest of the page from screen readers
 * (`aria-hidden` outside the field and its list), which leaves the links and buttons there in
 * the tab order: hidden yet focusable (axe `aria-hidden-focus`). What it hides is made `inert`
 * too while the list is open, and given back as it was when the list closes. The elements
 * already hidden when the list opened (decorations) are left alone.
 */
function InertOutside() {
  const state = useContext(ComboBoxStateContext);
  const open = state?.isOpen ?? false;
  useEffect(() => {
    if (!open) return;
    // this effect runs before the combobox's own (a child's first): these were hidden before
    const before = new Set(document.querySelectorAll('[aria-hidden="true"]'));
    const made = new Set<HTMLElement>();
    const apply = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[aria-hidden="true"]')) {
        if (before.has(el) || made.has(el) || el.inert) continue;
        el.inert = true;
        made.add(el);
      }
      // given back to screen readers while the list is still open (a node React Aria shows again)
      for (const el of made) {
        if (el.getAttribute('aria-hidden') !== 'true') {
          el.inert = false;
          made.delete(el);
        }
      }
    };
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    const timer = setTimeout(apply, 0);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      for (const el of made) el.inert = false;
    };
  }, [open]);
  return null;
}

/** The street field's props (plain or combobox): the form's value and handlers, the texts. */
export interface StreetFieldProps {
  label: string;
  listLabel: string;
  value: string;
  error?: string;
  name: string;
  /** What the customer typed. */
  onChange: (value: string) => void;
  onBlur: () => void;
  onPick: (suggestion: AddressSuggestion) => void;
  /** The value was typed before this field was drawn (its suggestions are for typed text). */
  typedBefore?: boolean;
}

export interface StreetComboboxProps extends StreetFieldProps {
  /** The suggestions to offer for `value` (`StreetField`'s `useStreetSuggestions`), at most 5. */
  suggestions: AddressSuggestion[];
  /** Changes when new suggestions arrived. */
  version: number;
  /** The customer typed since the last pick. */
  typed: boolean;
  /** The input element (`StreetField` moves the focus and caret of its plain field to it). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The street field with its suggestions (seed 000 §2, §5), drawn by `StreetField` once this
 * module is loaded: arrow keys move, Enter picks, Escape closes; the list opens when
 * suggestions for typed text arrive while the field has the focus.
 */
export function StreetCombobox({ label, listLabel, value, error, name, onChange, onBlur, onPick, suggestions, version, typed, inputRef }: StreetComboboxProps) {
  const items = suggestions.map((s, i) => ({ id: `${i}:${s.fullAddress}`, suggestion: s }));

  const select = (key: Key | null) => {
    const item = items.find((i) => i.id === key);
    if (item) onPick(item.suggestion);
  };

  return (
    <ComboBox
      className="field"
      name={name}
      allowsCustomValue
      menuTrigger="input"
      inputValue={value}
      items={items}
      defaultFilter={() => true}
      isInvalid={Boolean(error)}
      onInputChange={onChange}
      onSelectionChange={select}
      onBlur={onBlur}
    >
      <Label className="field__label">{label}</Label>
      <Input ref={inputRef} className="field__input" autoComplete="off" />
      <OpenOnResults version={version} count={items.length} typed={typed} />
      <InertOutside />
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="suggestions-popover" placement="bottom start">
        <ListBox className="suggestions" aria-label={listLabel}>
          {(item: (typeof items)[number]) => (
            <ListBoxItem className="suggestion" id={item.id} textValue={item.suggestion.street}>
              <span className="suggestion__street">{item.suggestion.streetAddress}</span>{' '}
              <span className="suggestion__city">{item.suggestion.cityStateZip}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
