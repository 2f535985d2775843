import { paymentMessages } from '@fipay/contracts/payments';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhance } from './enhance';

/**
 * The payer pages' script on the markup the server draws for them (apps/api/src/modules/payments/payer-html.ts,
 * whose own tests read that markup as a browser does): the parts below are that markup, trimmed to what the script
 * touches. The whole page with its script runs in the browser tests (e2e/payments.spec.ts).
 */
const code = `ck-${'5f4e3d2c1b'.repeat(4)}`;

const field = (name: string, label: string, pattern: string, message: string) =>
  `<div class="field" data-field><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="text" value="" data-pattern="${pattern}" data-message="${message}"><p id="f-${name}-error" class="err" hidden></p></div>`;

const cardPanels = `
<div role="tablist" aria-label="Payment method" class="tabs">
  <a role="tab" id="tab-card" href="/checkout/${code}?method=card" aria-controls="panel-card" aria-selected="true" data-tab="card">Card</a>
  <a role="tab" id="tab-bank_transfer" href="/checkout/${code}?method=bank_transfer" aria-controls="panel-bank_transfer" aria-selected="false" data-tab="bank_transfer">Bank transfer</a>
</div>
<div role="tabpanel" id="panel-card" aria-labelledby="tab-card">
  <form method="post" action="/checkout/${code}/card" novalidate data-form>
    ${field('number', 'Card number', '^[\\s-]*(\\d[\\s-]*){12,19}$', paymentMessages.cardNumberInvalid)}
    ${field('expiry', 'Expiry (MM/YY)', '^\\s*(0[1-9]|1[0-2])\\s*/\\s*\\d{2}\\s*$', paymentMessages.expiryInvalid)}
    ${field('cvv', 'CVV', '^\\s*\\d{3}\\s*$', paymentMessages.cvvInvalid)}
    <button type="submit" data-busy="Paying...">Pay ₦1,200.50</button>
  </form>
  <section aria-labelledby="test-cards"><h2 id="test-cards">Test cards</h2><ul>
    <li><span>4084 0840 8408 4081</span>Payment succeeds.<form method="get" action="/checkout/${code}"><input type="hidden" name="card" value="4084084084084081"><button type="submit" data-use="4084 0840 8408 4081">Use</button></form></li>
    <li><span>4000 0000 0000 0002</span>Declined by the bank.<form method="get" action="/checkout/${code}"><input type="hidden" name="card" value="4000000000000002"><button type="submit" data-use="4000 0000 0000 0002">Use</button></form></li>
  </ul></section>
</div>
<div role="tabpanel" id="panel-bank_transfer" aria-labelledby="tab-bank_transfer" hidden>
  <form method="post" action="/checkout/${code}/bank-transfer" data-form><p>Pay from your bank app into an account made for this payment.</p><button type="submit" data-busy="Getting account...">Get account details</button></form>
</div>`;

const account = `<dl><div><dt>Account number</dt><dd><span>9912345678</span><button type="button" aria-label="Copy account number" data-copy="9912345678" data-what="account number" class="wait"><svg data-idle></svg><svg data-done hidden></svg><span data-label>Copy</span></button><span role="status"></span></dd></div></dl>`;

/** The markup on the page, the script run on it; a submit the script lets through is recorded instead of leaving jsdom's page. */
function open(markup: string) {
  document.body.innerHTML = markup;
  window.history.replaceState(null, '', `/checkout/${code}`);
  enhance(document);
  const sent: string[] = [];
  const record = (event: Event) => {
    if (!event.defaultPrevented) sent.push((event.target as HTMLFormElement).getAttribute('action') ?? '');
    event.preventDefault();
  };
  document.addEventListener('submit', record);
  stopRecording = () => document.removeEventListener('submit', record);
  return { user: userEvent.setup(), sent };
}

let stopRecording = () => {};
afterEach(() => {
  stopRecording();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the card form', () => {
  it('says what is wrong with the card before sending anything, under each field, and tells screen readers', async () => {
    const { user, sent } = open(cardPanels);
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,200.50' }));
    expect(screen.getByText(paymentMessages.cardNumberInvalid)).toBeVisible();
    expect(screen.getByText(paymentMessages.expiryInvalid)).toBeVisible();
    expect(screen.getByText(paymentMessages.cvvInvalid)).toBeVisible();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(paymentMessages.cardNumberInvalid);
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('takes the card the customer typed, and says it is paying', async () => {
    const { user, sent } = open(cardPanels);
    await user.type(screen.getByLabelText('Card number'), '4084 0840 8408 4081');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,200.50' }));
    expect(sent).toEqual([`/checkout/${code}/card`]);
    expect(screen.getByRole('button', { name: 'Paying...' })).toHaveAttribute('aria-disabled', 'true');
    // A second tap while it is sent sends nothing more.
    await user.click(screen.getByRole('button', { name: 'Paying...' }));
    expect(sent).toHaveLength(1);
  });

  it('fills a test card with Use, and clears what was said about the fields', async () => {
    const { user, sent } = open(cardPanels);
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,200.50' }));
    await user.click(screen.getAllByRole('button', { name: 'Use' })[1]!);
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    expect(screen.getByLabelText('CVV')).toHaveValue('123');
    expect(screen.queryByText(paymentMessages.cardNumberInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).not.toHaveAttribute('aria-invalid');
    // Use fills the form here; it does not load the page again.
    expect(sent).toEqual([]);
  });
});

describe('the payment method', () => {
  it('switches to bank transfer in place, keeping the address to come back to', async () => {
    const { user } = open(cardPanels);
    await user.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    expect(screen.getByRole('tab', { name: 'Bank transfer' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Card', hidden: true })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Pay from your bank app into an account made for this payment.')).toBeVisible();
    expect(screen.getByLabelText('Card number')).not.toBeVisible();
    expect(window.location.search).toBe('?method=bank_transfer');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveFocus();
    expect(screen.getByLabelText('Card number')).toBeVisible();
  });
});

describe('the bank transfer account', () => {
  it('copies the account number and says so on the button and to screen readers', async () => {
    const { user } = open(account);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const copy = screen.getByRole('button', { name: 'Copy account number' });
    expect(copy).not.toHaveClass('wait');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('9912345678'));
    expect(await navigator.clipboard.readText()).toBe('9912345678');
    expect(await screen.findByRole('button', { name: 'Copied account number' })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('The account number is copied.');
  });

  it('says how to copy it when the browser will not', async () => {
    const { user } = open(account);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copying did not work here. Select the account number and copy it.'));
    expect(screen.getByRole('button', { name: 'Copy account number' })).toHaveTextContent('Copy');
  });
});

describe('a live payment being confirmed', () => {
  it('looks at the checkout every few seconds and shows the page again once it is settled', async () => {
    vi.useFakeTimers();
    const answers = ['pending', 'success'];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'Checkout loaded.', data: { status: answers.shift() } })));
    const reload = vi.fn();
    document.body.innerHTML = `<div data-poll="/api/v1/checkout/${code}"><p>${paymentMessages.confirming}</p></div>`;
    enhance(document, { ...window, setInterval: window.setInterval.bind(window), fetch: fetchMock as typeof fetch, location: { reload } as unknown as Location, navigator, addEventListener: () => {} } as unknown as Window);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchMock).toHaveBeenCalledWith(`/api/v1/checkout/${code}`, expect.anything());
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
