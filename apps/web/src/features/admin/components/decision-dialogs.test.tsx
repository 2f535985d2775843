import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RejectDialog, RequestChangesDialog, validateRequestChanges, type Flaggable } from './decision-dialogs';

const items: Flaggable[] = [
  { target: 'document', key: 'proofOfAddress', label: 'Proof of Address' },
  { target: 'representative', key: 'rep-1', label: 'Ngozi Eze (Director)' },
  { target: 'bank', key: 'bank', label: 'Bank details' },
];

describe('validateRequestChanges', () => {
  it('needs at least one item, a reason for each, and a note for Other', () => {
    expect(validateRequestChanges(items, {})).toEqual({ errors: {}, formError: 'Flag at least one item.' });
    expect(validateRequestChanges(items, { 'document:proofOfAddress': { checked: true, reason: '', note: '' } })).toEqual({
      errors: { 'document:proofOfAddress': { reason: 'Choose a reason.' } },
    });
    expect(validateRequestChanges(items, { 'bank:bank': { checked: true, reason: 'other', note: ' ' } })).toEqual({
      errors: { 'bank:bank': { note: 'Explain the problem in a note when the reason is Other.' } },
    });
    expect(
      validateRequestChanges(items, {
        'document:proofOfAddress': { checked: true, reason: 'blurry', note: '' },
        'representative:rep-1': { checked: false, reason: 'expired', note: '' },
        'bank:bank': { checked: true, reason: 'other', note: 'Use the business account.' },
      }),
    ).toEqual({
      body: {
        items: [
          { target: 'document', key: 'proofOfAddress', reason: 'blurry' },
          { target: 'bank', key: 'bank', reason: 'other', note: 'Use the business account.' },
        ],
      },
    });
  });
});

describe('decision dialogs', () => {
  it('the reject dialog shows both errors and sends nothing until they are fixed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<RejectDialog open onClose={() => {}} busy={false} error={null} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Reject this application' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose whether the company may resubmit.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason for the company'), 'The certificate is for another company.');
    await user.click(within(dialog).getByRole('radio', { name: /No, this rejection is final/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: 'The certificate is for another company.', final: true });
  });

  it('the reject dialog takes a blank reason as none, and sends a retry as not final with the reason trimmed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<RejectDialog open onClose={() => {}} busy={false} error={null} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Reject this application' });
    await user.type(within(dialog).getByLabelText('Reason for the company'), '   ');
    await user.click(within(dialog).getByRole('radio', { name: /Yes, they may fix it/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose whether the company may resubmit.')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason for the company'), 'Unreadable MEMART. ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: 'Unreadable MEMART.', final: false });
  });

  it('the request-changes dialog asks for a reason per flagged item, and a note for Other', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<RequestChangesDialog open onClose={() => {}} busy={false} error={null} items={items} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Request changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Flag at least one item.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Ngozi Eze \(Director\)/ }));
    await user.selectOptions(within(dialog).getByLabelText('Reason for Ngozi Eze (Director)'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Explain the problem in a note when the reason is Other.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Note for Ngozi Eze/), 'Use the name on the NIN slip.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(onConfirm).toHaveBeenCalledWith({
      items: [{ target: 'representative', key: 'rep-1', reason: 'other', note: 'Use the name on the NIN slip.' }],
    });
  });
});
