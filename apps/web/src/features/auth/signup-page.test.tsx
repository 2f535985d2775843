import { messages } from '@fipay/contracts/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { QueryWrapper } from '../../test/query-wrapper';
import { waitForRealForm } from '../../test/real-form';
import { signup } from './api/signup';
import { SignupPage } from './signup-page';

vi.mock('./api/signup', () => ({ signup: vi.fn() }));

const countries = [
  { id: 160, name: 'Nigeria', Emoji: '🇳🇬' },
  { id: 83, name: 'Ghana', Emoji: '🇬🇭' },
];

/** GET countries is the only call that reaches the network here (signup is mocked above). */
function stubCountries(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

/** Opens /signup and starts on the form, as a visitor would. */
function renderSignup() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<h1>Login screen</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  screen.getByLabelText('Company Name').focus();
  return user;
}

async function fillCompany(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    'Company Name': 'Acme Logistics Ltd',
    'Company Email': 'hello@acme.ng',
    'Company Phone': '+2348012345678',
    Website: 'https://acme.ng',
    Address: '12 Marina Road, Lagos',
    'Registration Number': 'RC1234567',
    ...overrides,
  };
  await waitForRealForm();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.selectOptions(await screen.findByLabelText('Country'), '160');
}

/** Step 2, once it shows. */
async function fillUser(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    'First Name': 'Ada',
    'Last Name': 'Okafor',
    Email: 'ada@acme.ng',
    'Phone Number': '+2348098765432',
    Password: 'Sup3r$ecret',
    ...overrides,
  };
  await screen.findByLabelText('First Name');
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

describe('SignupPage step 1 gate', () => {
  beforeEach(() => {
    stubCountries(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: countries }), { status: 200 }));
    vi.mocked(signup).mockReset();
  });

  it('shows the country options once the visitor starts on the form', async () => {
    renderSignup();
    expect(await screen.findByRole('option', { name: /Nigeria/ })).toBeInTheDocument();
  });

  it('stays on step 1 with the alert when a company field is blank', async () => {
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user, { Website: '' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.companyFieldsRequired);
    expect(screen.getByRole('heading', { name: 'Company Information' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  });

  it('treats a whitespace-only field as blank', async () => {
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user, { 'Registration Number': '   ' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.companyFieldsRequired);
    expect(screen.getByRole('heading', { name: 'Company Information' })).toBeInTheDocument();
  });

  it('moves to step 2 when every company field is filled', async () => {
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'User Account Information' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('First Name')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  });

  it('goes back from step 2 to step 1 keeping the values, and from step 1 to /login', async () => {
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'User Account Information' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Acme Logistics Ltd');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it('sends the request with a numeric country and shows server field errors on failure', async () => {
    vi.mocked(signup).mockRejectedValue(
      new ApiError(409, messages.emailTaken, { code: 'CONFLICT', errors: { 'user.email': messages.emailTaken } }),
    );
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillUser(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(signup).toHaveBeenCalledWith({
      company: {
        name: 'Acme Logistics Ltd',
        email: 'hello@acme.ng',
        phone: '+2348012345678',
        website: 'https://acme.ng',
        countryId: 160,
        address: '12 Marina Road, Lagos',
        registrationNo: 'RC1234567',
      },
      user: { firstName: 'Ada', lastName: 'Okafor', email: 'ada@acme.ng', phone: '+2348098765432', password: 'Sup3r$ecret' },
    });
    const emailField = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(emailField).toHaveAttribute('aria-invalid', 'true'));
    expect(within(emailField.closest('div')!.parentElement!).getByText(messages.emailTaken)).toBeInTheDocument();
    // Said once, under the field it is about.
    expect(screen.getAllByText(messages.emailTaken)).toHaveLength(1);
  });
});

describe('SignupPage server field errors', () => {
  beforeEach(() => {
    stubCountries(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: countries }), { status: 200 }));
    vi.mocked(signup).mockReset();
  });

  it("goes back to step 1 for a company field's error, shows it under that field, and keeps every value", async () => {
    vi.mocked(signup).mockRejectedValue(
      new ApiError(400, messages.validationFailed, {
        code: 'VALIDATION_FAILED',
        errors: { 'company.email': messages.emailInvalid, 'user.phone': messages.phoneInvalid },
      }),
    );
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillUser(user, { 'Phone Number': '12' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Company Information' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.validationFailed);
    const companyEmail = screen.getByLabelText('Company Email');
    expect(companyEmail).toHaveAttribute('aria-invalid', 'true');
    expect(within(companyEmail.closest('div')!.parentElement!).getByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('Acme Logistics Ltd');
    expect(screen.getByLabelText('Country')).toHaveValue('160');

    // Fixing it clears its error; step 2 still holds the user's error and values.
    await user.type(companyEmail, 'x');
    expect(companyEmail).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const phone = await screen.findByLabelText('Phone Number');
    expect(phone).toHaveValue('12');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(within(phone.closest('div')!.parentElement!).getByText(messages.phoneInvalid)).toBeInTheDocument();
  });

  // Two steps to fill on a busy machine: more time than the default.
  it('shows a refused password once, under the field, and puts focus there', { timeout: 20_000 }, async () => {
    vi.mocked(signup).mockRejectedValue(
      new ApiError(400, messages.passwordTooShort, { code: 'VALIDATION_FAILED', errors: { 'user.password': messages.passwordTooShort } }),
    );
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillUser(user, { Password: 'Ab1!' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(messages.passwordTooShort));
    expect(password).toHaveFocus();
    // Not again above the form, nor as a toast.
    expect(screen.getAllByText(messages.passwordTooShort)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('focuses the first blank company field and shows no error text under the fields', async () => {
    const user = renderSignup();
    await screen.findByRole('option', { name: /Nigeria/ });
    await fillCompany(user, { 'Company Phone': '', Address: '' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.companyFieldsRequired);
    expect(screen.getByLabelText('Company Phone')).toHaveFocus();
    expect(screen.getByLabelText('Company Phone')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(messages.companyFieldsRequired)).toHaveLength(1);
  });
});

describe('SignupPage countries', () => {
  it('says no countries were found when the list fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubCountries(() => Promise.reject(new TypeError('Failed to fetch')));
    renderSignup();
    expect(screen.getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'No countries found' })).toBeInTheDocument();
  });
});
