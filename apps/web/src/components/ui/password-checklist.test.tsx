import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './password-checklist';

function metRules() {
  return screen
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-met') === 'true')
    .map((item) => item.textContent?.replace(/\((not )?met\)/, '').trim());
}

describe('PasswordChecklist', () => {
  it('lists the five rules of SPEC.md section 5', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'At least 8 characters(not met)',
      'A lowercase letter(not met)',
      'An uppercase letter(not met)',
      'A number(not met)',
      'A special character(not met)',
    ]);
  });

  it('ticks each rule as the password meets it', () => {
    render(<PasswordChecklist password="abcdefgh1" />);
    expect(metRules()).toEqual(['At least 8 characters', 'A lowercase letter', 'A number']);
  });

  it.each([
    ['', 'Very Weak'],
    ['a', 'Very Weak'],
    ['aB', 'Very Weak'],
    ['aB1', 'Weak'],
    ['aB1!', 'Good'],
    ['abcdefgh1A', 'Good'],
    ['aB1!efgh', 'Very Strong'],
  ])('rates %j as %s', (password, label) => {
    render(<PasswordChecklist password={password} />);
    expect(screen.getByText(/Password strength:/)).toHaveTextContent(`Password strength: ${label}`);
  });
});
