/** An amount, or dots in its place while the user has hidden balances (the showBalance flag). */
export function Amount({ value, shown }: { value: string; shown: boolean }) {
  if (shown) return <span className="tabular-nums">{value}</span>;
  return (
    <span>
      <span aria-hidden="true" className="tracking-widest">
        ••••••
      </span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}
