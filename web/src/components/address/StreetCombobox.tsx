import { useContext, useEffect, useRef, useState, type Key } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { searchAddresses, shouldSuggest, type AddressSuggestion } from '../../lib/address';

export const SUGGEST_DELAY_MS = 300;

/** Opens the list when new suggestions arrive after the user typed (async results). */
function OpenOnResults({ version, count, typed }: { version: number; count: number; typed: boolean }) {
  const state = useContext(ComboBoxStateContext);
  const stateRef = useRef(state);
  stateRef.current = state;
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    const s = stateRef.current;
    if (s && typed && count > 0 && !s.isOpen && s.isFocused) s.open(null, 'input');
  }, [version, count, typed]);
  return null;
}

export interface StreetComboboxProps {
  label: string;
  listLabel: string;
  value: string;
  error?: string;
  name: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onPick: (suggestion: AddressSuggestion) => void;
}

/**
 * The street field: free text with suggestions from `searchAddresses` after a 300 ms pause when
 * the text has more than one non-space character (seed 000 §5); arrow keys move, Enter picks,
 * Escape closes.
 */
export function StreetCombobox({ label, listLabel, value, error, name, onChange, onBlur, onPick }: StreetComboboxProps) {
  const debounced = useDebouncedValue(value, SUGGEST_DELAY_MS);
  const [typed, setTyped] = useState(false);
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
  const suggestions = shouldSuggest(value) && typed ? (query.data?.suggestions ?? []) : [];
  const items = suggestions.map((s, i) => ({ id: `${i}:${s.fullAddress}`, suggestion: s }));

  const select = (key: Key | null) => {
    const item = items.find((i) => i.id === key);
    if (!item) return;
    picked.current = item.suggestion.street;
    setTyped(false);
    onPick(item.suggestion);
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
      onInputChange={(text) => {
        if (text !== value) {
          if (text !== picked.current) setTyped(true);
          onChange(text);
        }
      }}
      onSelectionChange={select}
      onBlur={onBlur}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" autoComplete="off" />
      <OpenOnResults version={query.dataUpdatedAt} count={items.length} typed={typed} />
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
