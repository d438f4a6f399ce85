import { useMemo, useState } from 'react';
import { Button, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import type { MerchantFlow } from '../../content/hooks';
import type { CustomerInfo } from '../../lib/address';
import { clampPage, filterUnits, pageCount, pageSlice } from '../../lib/pagination';
import { Pagination } from '../Pagination';

export function unitText(info: CustomerInfo): string {
  return info.address.addressLine2 || info.address.addressLine1;
}

export interface MultiUnitProps {
  content: MerchantFlow['multiUnit'];
  units: CustomerInfo[];
  onBack: () => void;
  onTryAnother: () => void;
  onConfirm: (info: CustomerInfo) => void;
}

/** Stage addressMultiUnit: filter, 10 units a page, pagination, Back / Try another / Confirm. */
export function MultiUnit({ content, units, onBack, onTryAnother, onConfirm }: MultiUnitProps) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);

  const keyed = useMemo(() => units.map((info, i) => ({ key: `${i}`, info })), [units]);
  const filtered = useMemo(() => filterUnits(keyed, filter, (u) => unitText(u.info)), [keyed, filter]);
  const pages = pageCount(filtered.length);
  const current = clampPage(page, pages);
  const visible = pageSlice(filtered, current);
  const chosen = filtered.find((u) => u.key === selected);
  const canConfirm = Boolean(chosen) && filtered.length > 0;

  return (
    <section className="stage card" data-stage="addressMultiUnit" aria-labelledby="stage-heading">
      <h1 id="stage-heading" tabIndex={-1}>
        {content.heading}
      </h1>
      <p className="stage__lead">{content.description}</p>
      <TextField
        className="field"
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
      >
        <Label className="field__label">{content.filterLabel}</Label>
        <Input className="field__input" autoComplete="off" />
      </TextField>

      {filtered.length === 0 ? (
        <p className="notice" role="status">
          {content.noUnits}
        </p>
      ) : (
        <RadioGroup
          className="units"
          aria-label={content.listLabel}
          value={chosen ? chosen.key : null}
          onChange={setSelected}
        >
          {visible.map((u) => (
            <Radio key={u.key} value={u.key} className="unit">
              <span className="unit__dot" aria-hidden="true" />
              {/* address data, not a text of the page: never translated */}
              <span translate="no">{unitText(u.info)}</span>
            </Radio>
          ))}
        </RadioGroup>
      )}

      <Pagination
        pages={pages}
        current={current}
        onChange={setPage}
        labels={{
          nav: content.paginationLabel,
          previous: content.previous,
          next: content.next,
          page: (n) => content.pageLabel.replace('{page}', String(n)),
        }}
      />

      <div className="actions">
        <Button className="button button--secondary" onPress={onBack}>
          {content.back}
        </Button>
        <Button className="button button--secondary" onPress={onTryAnother}>
          {content.tryAnother}
        </Button>
        <Button
          className="button button--primary"
          isDisabled={!canConfirm}
          onPress={() => chosen && onConfirm(chosen.info)}
        >
          {content.confirm}
        </Button>
      </div>
    </section>
  );
}
