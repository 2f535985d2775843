import {
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type FocusEvent,
  type FormEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import type { FieldValues } from 'react-hook-form';
import { ShownPasswordFields } from '../components/ui/shown-password-fields';
import { useOnFirstInteraction, whenReleased } from './on-demand';

/**
 * What a person did with a form's stand-in before the real form arrived: the text of every named
 * field, the field they were in with its selection (or the show/hide toggle of a password field),
 * the password fields they showed, and whether they sent it.
 */
export type FormSnapshot = {
  values: Readonly<Record<string, string>>;
  focus: { name: string; start: number | null; end: number | null; on?: 'visibility toggle' } | null;
  /** Password fields shown as text. */
  revealed: readonly string[];
  submitted: boolean;
};

const untouched: FormSnapshot = { values: {}, focus: null, revealed: [], submitted: false };

/** The show/hide toggles of the form's password fields (components/ui/password-field). */
function visibilityToggles(form: HTMLFormElement) {
  return [...form.querySelectorAll<HTMLButtonElement>('button[data-reveals]')];
}

function takeSnapshot(form: HTMLFormElement, submitted: boolean): FormSnapshot {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  const active = document.activeElement;
  let focus: FormSnapshot['focus'] = null;
  if (active instanceof HTMLInputElement && active.form === form && active.name) {
    // Null for inputs without a caret (email, number): they get focus without a selection.
    focus = { name: active.name, start: active.selectionStart, end: active.selectionEnd };
  } else if (active instanceof HTMLSelectElement && active.form === form && active.name) {
    focus = { name: active.name, start: null, end: null };
  } else if (active instanceof HTMLButtonElement && active.form === form && active.dataset.reveals) {
    focus = { name: active.dataset.reveals, start: null, end: null, on: 'visibility toggle' };
  }
  const revealed = visibilityToggles(form)
    .filter((toggle) => toggle.getAttribute('aria-pressed') === 'true')
    .map((toggle) => toggle.dataset.reveals!);
  return { values, focus, revealed, submitted };
}

/** The `<form>` props of markup both forms share. */
export type FormProps = {
  ref: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  'data-stand-in'?: true;
};

/** The stand-in's `<form>` props, and whether a submit made there waits for the real form. */
export type StandInProps<P> = P & { form: FormProps; submitting: boolean };

type Field = HTMLInputElement | HTMLSelectElement;

/** A field's props in markup both forms share: `name` and `defaultValue` in the stand-in, `register(name)` and its error in the real form. */
export type FieldProps = {
  name: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<Field>) => unknown;
  onBlur?: (event: FocusEvent<Field>) => unknown;
  ref?: (element: Field | null) => void;
  error?: string;
};

export type LiveFormProps<P> = P & { snapshot: FormSnapshot };

// Forms already fetched start as themselves when their page opens again (back from the sign-in code).
const fetched = new WeakMap<() => Promise<unknown>, unknown>();

type DeferredFormProps<P extends object> = {
  /** An `onDemand` loader of the real form: react-hook-form, its resolver and its sending code. */
  load: () => Promise<ComponentType<LiveFormProps<P>>>;
  /** Passed through to the real form. */
  props: P;
  /** The same markup as the real form, its fields uncontrolled (`name` and `defaultValue` only). */
  StandIn: ComponentType<StandInProps<P>>;
  /** The real form could not be fetched after the person sent the stand-in. */
  onUnavailable: () => void;
};

/**
 * A form on an interaction-first page (docs/decisions/0017-forms.md): the page opens with a
 * stand-in without react-hook-form, the real form is fetched at the first interaction and
 * replaces it in the same task as it reads the stand-in, taking over what was typed, the focus
 * and caret, and a submit that was waiting for it.
 */
export function DeferredForm<P extends object>({ load, props, StandIn, onUnavailable }: DeferredFormProps<P>) {
  const [live, setLive] = useState(() => {
    const Form = fetched.get(load) as ComponentType<LiveFormProps<P>> | undefined;
    return Form ? { Form, snapshot: untouched } : null;
  });
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  function fetchForm() {
    load().then(
      (Form) => {
        fetched.set(load, Form);
        whenReleased(() => {
          const form = formRef.current;
          if (!form) return;
          const snapshot = takeSnapshot(form, submitted.current);
          // Synchronous, so nothing typed between reading the stand-in and replacing it is lost.
          flushSync(() => setLive({ Form, snapshot }));
        });
      },
      () => {
        if (!submitted.current) return;
        submitted.current = false;
        setSubmitting(false);
        onUnavailable();
      },
    );
  }

  useOnFirstInteraction(fetchForm, live === null);

  if (live) {
    return (
      <ShownPasswordFields value={live.snapshot.revealed}>
        <live.Form {...props} snapshot={live.snapshot} />
      </ShownPasswordFields>
    );
  }
  return (
    <StandIn
      {...props}
      form={{
        ref: formRef,
        // Marks the form until the real one replaces it (for tests and the curious).
        'data-stand-in': true,
        onSubmit(event) {
          event.preventDefault();
          if (submitted.current) return;
          submitted.current = true;
          setSubmitting(true);
          fetchForm();
        },
      }}
      submitting={submitting}
    />
  );
}

/** The snapshot's text laid over the form's defaults, by field path (`company.name`). */
export function restoredValues<V extends FieldValues>(defaults: V, snapshot: FormSnapshot): V {
  const values = structuredClone(defaults);
  for (const [name, text] of Object.entries(snapshot.values)) {
    const path = name.split('.');
    const last = path.pop()!;
    const target = path.reduce<Record<string, unknown> | undefined>((node, key) => node?.[key] as Record<string, unknown> | undefined, values);
    // Only text fields the form has: a stray name in the markup cannot add to the request.
    if (target && typeof target[last] === 'string') target[last] = text;
  }
  return values;
}

/**
 * In the real form, once mounted: focus and caret back where the person left them in the
 * stand-in, and the submit they made there carried out. Focus is given here, not with
 * react-hook-form's `setFocus`, which waits for a timer: a key pressed meanwhile would be lost.
 */
export function useResumeForm(snapshot: FormSnapshot, formRef: RefObject<HTMLFormElement | null>, submit: () => void) {
  const resumed = useRef(false);
  useLayoutEffect(() => {
    // Once: StrictMode runs mount effects twice and the submit must not go twice.
    if (resumed.current) return;
    resumed.current = true;
    const { focus } = snapshot;
    const form = formRef.current;
    const field = focus && form?.elements.namedItem(focus.name);
    if (focus?.on === 'visibility toggle') {
      if (form) visibilityToggles(form).find((toggle) => toggle.dataset.reveals === focus.name)?.focus();
    } else if (focus && (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) {
      field.focus();
      if (field instanceof HTMLInputElement && focus.start !== null && focus.end !== null) {
        field.setSelectionRange(focus.start, focus.end);
      }
    }
    if (snapshot.submitted) submit();
  });
}
