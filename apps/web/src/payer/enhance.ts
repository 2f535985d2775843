/**
 * What the payer pages add when JavaScript runs (docs/decisions/0058-payer-pages-as-server-html.md). The server's
 * HTML (apps/api/src/modules/payments/payer-html.ts) works as plain forms; this script only makes it quicker to
 * use: fields checked before sending (the server checks again), the payment method switched in place, a test card
 * filled with Use, the account number copied, a busy label while a form is sent, and a live payment looked at again
 * every few seconds until it is confirmed. It imports nothing: a few kilobytes, loaded after the page is drawn.
 */

type Win = Pick<Window, 'setInterval' | 'setTimeout' | 'clearTimeout' | 'fetch' | 'location' | 'history' | 'addEventListener'> & { navigator: Navigator };

/** Shows `message` under the field (or clears it), tied to the input for screen readers. */
function showFieldError(input: HTMLInputElement, message: string) {
  const error = input.ownerDocument.getElementById(`${input.id}-error`);
  const hint = input.ownerDocument.getElementById(`${input.id}-hint`);
  if (!error) return;
  error.textContent = message;
  error.hidden = !message;
  if (hint) hint.hidden = Boolean(message);
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  const describedBy = message ? error.id : hint ? hint.id : '';
  if (describedBy) input.setAttribute('aria-describedby', describedBy);
  else input.removeAttribute('aria-describedby');
}

/** The form's own checks (each input's data-pattern and data-message): the first wrong field gets the focus. */
function checkForm(form: HTMLFormElement): boolean {
  let first: HTMLInputElement | null = null;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-pattern]')) {
    const ok = new RegExp(input.dataset.pattern!).test(input.value);
    showFieldError(input, ok ? '' : (input.dataset.message ?? ''));
    if (!ok && !first) first = input;
  }
  first?.focus();
  return first === null;
}

function enhanceForms(doc: Document, win: Win) {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-form]')) {
    form.addEventListener('submit', (event) => {
      if (form.dataset.sending === 'true' || !checkForm(form)) {
        event.preventDefault();
        return;
      }
      form.dataset.sending = 'true';
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"][data-busy]');
      if (button) {
        button.dataset.label = button.textContent ?? '';
        button.textContent = button.dataset.busy!;
        button.setAttribute('aria-disabled', 'true');
      }
    });
  }
  // Back to this page from the next one (the browser's page cache): the forms can be sent again.
  win.addEventListener('pageshow', () => {
    for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-sending="true"]')) {
      delete form.dataset.sending;
      const button = form.querySelector<HTMLButtonElement>('button[data-label]');
      if (button) {
        button.textContent = button.dataset.label!;
        button.removeAttribute('aria-disabled');
      }
    }
  });
}

/** Card or bank transfer, switched in place (each tab is also a link that works without the script). */
function enhanceTabs(doc: Document, win: Win) {
  const tabs = [...doc.querySelectorAll<HTMLAnchorElement>('[role="tab"][data-tab]')];
  const select = (chosen: HTMLAnchorElement) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = doc.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    win.history.replaceState(null, '', chosen.href);
  };
  for (const tab of tabs) {
    tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(tab);
    });
    tab.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
      select(next);
      next.focus();
    });
  }
}

/** Use: fills the card form with a test card (without the script the button asks the server for the page filled). */
function enhanceTestCards(doc: Document) {
  const set = (id: string, value: string) => {
    const input = doc.getElementById(id) as HTMLInputElement | null;
    if (!input) return;
    input.value = value;
    showFieldError(input, '');
  };
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-use]')) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      set('f-number', button.dataset.use!);
      set('f-expiry', '12/30');
      set('f-cvv', '123');
    });
  }
}

/** Copies the text, says so on the button and to screen readers, and says what to do when the browser refuses. */
function enhanceCopy(doc: Document, win: Win) {
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const what = button.dataset.what ?? 'text';
    const status = button.nextElementSibling;
    const label = button.querySelector('[data-label]');
    const idle = button.querySelector('[data-idle]');
    const done = button.querySelector('[data-done]');
    let timer: number | undefined;
    const show = (state: 'idle' | 'copied' | 'failed') => {
      button.setAttribute('aria-label', `${state === 'copied' ? 'Copied' : 'Copy'} ${what}`);
      if (label) label.textContent = state === 'copied' ? 'Copied' : 'Copy';
      idle?.toggleAttribute('hidden', state === 'copied');
      done?.toggleAttribute('hidden', state !== 'copied');
      if (status) status.textContent = state === 'copied' ? `The ${what} is copied.` : state === 'failed' ? `Copying did not work here. Select the ${what} and copy it.` : '';
    };
    button.classList.remove('wait');
    button.addEventListener('click', () => {
      win.clearTimeout(timer);
      win.navigator.clipboard.writeText(button.dataset.copy!).then(
        () => {
          show('copied');
          timer = win.setTimeout(() => show('idle'), 4000);
        },
        () => show('failed'),
      );
    });
  }
}

/** A live payment being confirmed: looks at the checkout every few seconds and shows the page again once it settles. */
function enhancePolling(doc: Document, win: Win) {
  const poll = doc.querySelector<HTMLElement>('[data-poll]');
  if (!poll) return;
  const url = poll.dataset.poll!;
  const look = async () => {
    try {
      const answer = await win.fetch(url, { headers: { Accept: 'application/json' } });
      if (!answer.ok) return;
      const { data } = (await answer.json()) as { data?: { status?: string } };
      if (data?.status && data.status !== 'pending') win.location.reload();
    } catch {
      // Offline for a moment: the next look tries again.
    }
  };
  win.setInterval(() => void look(), 3000);
}

export function enhance(doc: Document, win: Win = window) {
  enhanceForms(doc, win);
  enhanceTabs(doc, win);
  enhanceTestCards(doc);
  enhanceCopy(doc, win);
  enhancePolling(doc, win);
}
