/**
 * A row of tabs that switch one view on the page (Payments / Payouts, Nigerian / Foreign): the selected one is
 * marked for assistive technology with aria-selected and shown raised.
 */
export function SegmentedTabs<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What the tabs choose, as a screen reader announces the list. */
  label: string;
  options: readonly (readonly [Value, string])[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-1">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={value === option}
          onClick={() => onChange(option)}
          className={`h-9 rounded-md px-4 text-sm font-semibold ${value === option ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
