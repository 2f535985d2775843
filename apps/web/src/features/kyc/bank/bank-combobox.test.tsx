import type { Bank } from '@fipay/contracts/kyb';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BankCombobox } from './bank-combobox';

const banks: Bank[] = [
  { bank_name: 'Access Bank', code: '044' },
  { bank_name: 'First Bank of Nigeria', code: '011' },
  { bank_name: 'Guaranty Trust Bank', code: '058' },
  { bank_name: 'Zenith Bank', code: '057' },
];

function Picker() {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState('');
  return (
    <>
      <BankCombobox
        id="bank"
        label="Bank"
        banks={banks}
        value={text}
        loading={false}
        onChange={setText}
        onSelect={(bank) => {
          setText(bank.bank_name);
          setChosen(bank.code);
        }}
      />
      <output aria-label="Chosen code">{chosen}</output>
    </>
  );
}

function renderPicker() {
  const user = userEvent.setup();
  render(<Picker />);
  return { user, input: screen.getByRole('combobox', { name: 'Bank' }) };
}

const options = () => within(screen.getByRole('listbox', { name: 'Bank' })).getAllByRole('option');
const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('BankCombobox', () => {
  it('filters as the user types, moves with the arrow keys and picks with Enter, focus staying in the field', async () => {
    const { user, input } = renderPicker();
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options()).toHaveLength(4);

    await user.type(input, 'I');
    expect(options().map((option) => option.textContent)).toEqual(['First Bank of Nigeria', 'Zenith Bank']);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('First Bank of Nigeria');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Zenith Bank');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('First Bank of Nigeria');
    await user.keyboard('{End}');
    expect(activeOption(input)).toHaveTextContent('Zenith Bank');
    await user.keyboard('{Home}');
    expect(activeOption(input)).toHaveTextContent('First Bank of Nigeria');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Zenith Bank');
    expect(screen.getByRole('status', { name: 'Chosen code' })).toHaveTextContent('057');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens with the arrow keys at the chosen bank, and closes on Escape without choosing', async () => {
    const { user, input } = renderPicker();
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('Guaranty Trust Bank');

    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Guaranty Trust Bank');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Guaranty Trust Bank');
    expect(input).toHaveFocus();
  });

  it('says so when no bank matches, and closes on a click outside', async () => {
    const { user, input } = renderPicker();
    await user.type(input, 'Moniepoint');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No bank found.')).toBeInTheDocument();

    await user.click(document.body);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});
