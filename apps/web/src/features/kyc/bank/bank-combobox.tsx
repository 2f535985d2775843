import type { Bank } from '@fipay/contracts/kyb';
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClasses } from '../../../components/ui/field';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { bankMessages } from '../api/bank';
import { filterBanks } from './bank-form';

type BankComboboxProps = {
  id: string;
  label: string;
  banks: Bank[];
  /** The picker's text: a chosen bank's name, or what the user is typing. */
  value: string;
  loading: boolean;
  error?: string;
  disabled?: boolean;
  onChange: (text: string) => void;
  onSelect: (bank: Bank) => void;
};

/**
 * A searchable bank picker following the WAI-ARIA combobox pattern: focus stays in the text field
 * while the arrow keys move the active option (aria-activedescendant). Radix Popover places the
 * listbox under the field within the viewport and closes it on Escape or a click outside.
 */
export function BankCombobox({ id, label, banks, value, loading, error, disabled, onChange, onSelect }: BankComboboxProps) {
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Empty after a choice, so reopening lists every bank rather than only the chosen one.
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const options = filterBanks(banks, query);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const active = open && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function openList() {
    if (open) return;
    setOpen(true);
    const selected = options.findIndex((bank) => bank.bank_name === value);
    setActiveIndex(selected);
  }

  function choose(bank: Bank) {
    onSelect(bank);
    setQuery('');
    setOpen(false);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.min(index + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        if (open && options.length > 0) {
          event.preventDefault();
          setActiveIndex(0);
        }
        break;
      case 'End':
        if (open && options.length > 0) {
          event.preventDefault();
          setActiveIndex(options.length - 1);
        }
        break;
      case 'Enter': {
        const bank = active >= 0 ? options[active] : undefined;
        if (bank) {
          event.preventDefault();
          choose(bank);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      default:
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={(next) => !next && setOpen(false)}>
        <Popover.Anchor asChild>
          <div ref={anchorRef} className="relative">
            <input
              id={id}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              autoComplete="off"
              placeholder="Choose a bank"
              value={value}
              disabled={disabled}
              onChange={(event) => {
                onChange(event.target.value);
                setQuery(event.target.value);
                setOpen(true);
                setActiveIndex(-1);
              }}
              onClick={openList}
              onKeyDown={handleKeyDown}
              onBlur={() => setOpen(false)}
              className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'} pr-10`}
            />
            <button
              type="button"
              tabIndex={-1}
              aria-label={open ? 'Hide banks' : 'Show banks'}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (open) setOpen(false);
                else {
                  document.getElementById(id)?.focus();
                  openList();
                }
              }}
              className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500"
            >
              <ChevronDownIcon className="h-5 w-5" />
            </button>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            // The listbox is the popup; Radix's default dialog role would wrap it in a second one.
            role="presentation"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
            }}
            className="z-50 w-[var(--radix-popover-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          >
            <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="max-h-60 overflow-y-auto py-1">
              {options.map((bank, index) => (
                <li
                  key={bank.code}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={bank.bank_name === value}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(bank)}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={`cursor-pointer px-3 py-2 text-sm ${
                    index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'
                  } ${bank.bank_name === value ? 'font-semibold' : ''}`}
                >
                  {bank.bank_name}
                </li>
              ))}
            </ul>
            {options.length === 0 && (
              <p role="status" className="px-3 py-2 text-sm text-slate-500">
                {loading ? 'Loading...' : bankMessages.noBankFound}
              </p>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
