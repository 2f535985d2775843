import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

function setup() {
  const onChange = vi.fn<(code: string) => void>();
  const user = userEvent.setup();
  render(<OtpInput onChange={onChange} />);
  const boxes = [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement);
  return { user, boxes, onChange, values: () => boxes.map((box) => box.value) };
}

describe('OtpInput', () => {
  it('renders six labelled boxes with one-time-code autofill on the first', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes[0]).toHaveAttribute('inputmode', 'numeric');
  });

  it('keeps one digit per box and moves focus forward while typing', async () => {
    const { user, boxes, values, onChange } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('123');
    expect(values()).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes[3]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123');
  });

  it('ignores non-numeric keys', async () => {
    const { user, boxes, values } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('a');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  it('replaces the digit when typing into a filled box', async () => {
    const { user, boxes, values } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('12');
    await user.click(boxes[0]!);
    await user.keyboard('9');
    expect(values()).toEqual(['9', '2', '', '', '', '']);
  });

  it('fills boxes from the current one onward on paste', async () => {
    const { user, boxes, values, onChange } = setup();
    await user.click(boxes[2]!);
    await user.paste('4567');
    expect(values()).toEqual(['', '', '4', '5', '6', '7']);
    expect(boxes[5]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('4567');
  });

  it('stops filling at the last box when the pasted code is longer than the room left', async () => {
    const { user, boxes, values } = setup();
    await user.click(boxes[3]!);
    await user.paste('98765');
    expect(values()).toEqual(['', '', '', '9', '8', '7']);
  });

  it('fills all boxes when a whole code is pasted into the first', async () => {
    const { user, boxes, values, onChange } = setup();
    await user.click(boxes[0]!);
    await user.paste('482913');
    expect(values()).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(onChange).toHaveBeenLastCalledWith('482913');
  });

  it('rejects a paste holding non-numeric characters and changes nothing', async () => {
    const { user, boxes, values, onChange } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('1');
    onChange.mockClear();
    await user.paste('12a456');
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(boxes[1]).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears the box and moves back on Backspace', async () => {
    const { user, boxes, values } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('123');
    await user.click(boxes[2]!);
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });
});
