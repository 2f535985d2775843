import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '../components/ui/field';
import { PasswordField } from '../components/ui/password-field';
import { waitForRealForm } from '../test/real-form';
import { DeferredForm, restoredValues, useResumeForm, type FieldProps, type FormProps, type LiveFormProps, type StandInProps } from './deferred-form';

type Fields = { name: string; city: string; secret: string };
type Props = { onSend: (fields: Fields) => void };

function Markup({ form, field, busy }: { form: FormProps; field: (name: keyof Fields) => FieldProps; busy: boolean }) {
  return (
    <form {...form} noValidate>
      <TextField label="Name" {...field('name')} />
      <TextField label="City" {...field('city')} />
      <PasswordField label="Secret" {...field('secret')} />
      <button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}

function StandIn({ form, submitting }: StandInProps<Props>) {
  return <Markup form={form} busy={submitting} field={(name) => ({ name })} />;
}

function LiveForm({ snapshot, onSend }: LiveFormProps<Props>) {
  const { register, handleSubmit, formState } = useForm<Fields>({
    defaultValues: restoredValues({ name: '', city: 'Lagos', secret: '' }, snapshot),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const send = handleSubmit(onSend);
  useResumeForm(snapshot, formRef, () => void send());
  return <Markup form={{ ref: formRef, onSubmit: (event) => void send(event) }} busy={formState.isSubmitting} field={(name) => register(name)} />;
}

/** A loader the test answers when it wants, as a slow network would. */
function controlledLoader() {
  let arrive: (form: ComponentType<LiveFormProps<Props>>) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<ComponentType<LiveFormProps<Props>>>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  return { load, arrive: () => act(() => arrive(LiveForm)), fail: () => act(() => fail(new Error('offline'))) };
}

function renderForm(load: () => Promise<ComponentType<LiveFormProps<Props>>>, onUnavailable = vi.fn()) {
  const onSend = vi.fn();
  const user = userEvent.setup();
  render(<DeferredForm load={load} props={{ onSend }} StandIn={StandIn} onUnavailable={onUnavailable} />);
  return { user, onSend, onUnavailable };
}

const standIn = () => document.querySelector('form[data-stand-in]');

describe('DeferredForm', () => {
  it('opens with the stand-in and fetches the real form at the first interaction', async () => {
    const { load, arrive } = controlledLoader();
    const { user } = renderForm(load);
    expect(standIn()).not.toBeNull();
    expect(screen.getByLabelText('Name')).toHaveAttribute('name', 'name');

    await user.click(screen.getByLabelText('Name'));
    expect(load).toHaveBeenCalled();
    await arrive();
    await waitForRealForm();
  });

  it('carries what was typed, the focused field and its selection into the real form', async () => {
    const { load, arrive } = controlledLoader();
    const { user, onSend } = renderForm(load);
    await user.type(screen.getByLabelText('Name'), 'Ada Okafor');
    await user.type(screen.getByLabelText('City'), 'Abuja');
    const standInCity = screen.getByLabelText('City');
    (standInCity as HTMLInputElement).setSelectionRange(1, 3);

    await arrive();
    await waitForRealForm();
    const city = screen.getByLabelText<HTMLInputElement>('City');
    expect(city).not.toBe(standInCity);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Okafor');
    expect(city).toHaveValue('Abuja');
    expect(city).toHaveFocus();
    expect([city.selectionStart, city.selectionEnd]).toEqual([1, 3]);

    // Typing goes on where the caret was, and the real form holds every value.
    await user.keyboard('x');
    expect(city).toHaveValue('Axja');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]![0]).toEqual({ name: 'Ada Okafor', city: 'Axja', secret: '' });
  });

  it("takes the stand-in's values over the real form's defaults: they are what the person saw", async () => {
    const { load, arrive } = controlledLoader();
    const { user, onSend } = renderForm(load);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await arrive();
    await waitForRealForm();
    expect(screen.getByLabelText('City')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend.mock.calls[0]![0]).toEqual({ name: 'Ada', city: '', secret: '' });
  });

  it("keeps a password field shown when 'Show password' was clicked before the real form arrived, and the toggle's focus", async () => {
    const { load, arrive } = controlledLoader();
    const { user } = renderForm(load);
    await user.type(screen.getByLabelText('Secret'), 'Kola-nut 2026!');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Secret')).toHaveAttribute('type', 'text');

    await arrive();
    await waitForRealForm();
    const secret = screen.getByLabelText('Secret');
    expect(secret).toHaveAttribute('type', 'text');
    expect(secret).toHaveValue('Kola-nut 2026!');
    const toggle = screen.getByRole('button', { name: 'Hide password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveFocus();

    // The next click hides it, as it would have on the stand-in.
    await user.click(toggle);
    expect(secret).toHaveAttribute('type', 'password');
  });

  it('keeps a password field hidden when it was not shown', async () => {
    const { load, arrive } = controlledLoader();
    const { user } = renderForm(load);
    await user.type(screen.getByLabelText('Secret'), 'x');
    await arrive();
    await waitForRealForm();
    expect(screen.getByLabelText('Secret')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Secret')).toHaveFocus();
  });

  it('carries out a submit made before the real form arrived, once it arrives', async () => {
    const { load, arrive } = controlledLoader();
    const { user, onSend } = renderForm(load);
    await user.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();

    await arrive();
    await waitForRealForm();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]![0]).toEqual({ name: 'Ada', city: '', secret: '' });
  });

  it('waits for a held key to be released before replacing the stand-in', async () => {
    const { load, arrive } = controlledLoader();
    const { user } = renderForm(load);
    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('{Shift>}A');
    await arrive();
    // The key's release must reach the field its press reached.
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(standIn()).not.toBeNull();
    await user.keyboard('{/Shift}');
    await waitForRealForm();
    expect(screen.getByLabelText('Name')).toHaveValue('A');
  });

  it("waits for a tap's click, which comes after its touch is lifted", async () => {
    const { load, arrive } = controlledLoader();
    renderForm(load);
    const name = screen.getByLabelText('Name');
    fireEvent.pointerDown(name, { pointerType: 'touch', pointerId: 7 });
    fireEvent.pointerUp(name, { pointerType: 'touch', pointerId: 7 });
    await arrive();
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(standIn()).not.toBeNull();
    fireEvent.click(name);
    await waitForRealForm();
  });

  it('says so when the real form cannot be fetched after a submit, and tries again on the next', async () => {
    const { load, fail } = controlledLoader();
    const { user, onUnavailable } = renderForm(load);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await fail();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    const calls = load.mock.calls.length;
    await user.click(send);
    expect(load.mock.calls.length).toBeGreaterThan(calls);
  });

  it('starts as the real form when it was fetched on an earlier visit', async () => {
    const { load, arrive } = controlledLoader();
    const first = renderForm(load);
    await first.user.click(screen.getByLabelText('Name'));
    await arrive();
    await waitForRealForm();

    render(<DeferredForm load={load} props={{ onSend: vi.fn() }} StandIn={StandIn} onUnavailable={vi.fn()} />);
    expect(document.querySelectorAll('form[data-stand-in]')).toHaveLength(0);
    expect(screen.getAllByLabelText('City').at(-1)).toHaveValue('Lagos');
  });
});
