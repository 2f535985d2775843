/** Decorative artwork for the sign-in side panel: a payment card over a transfer receipt. */
export function BrandIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 420 380" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#60a5fa" />
          <stop offset="1" stopColor="#1e3a8a" />
        </linearGradient>
        <linearGradient id="brand-glow" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.35" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="330" cy="70" r="60" fill="url(#brand-glow)" />
      <circle cx="60" cy="330" r="44" fill="url(#brand-glow)" />

      <g transform="translate(170 40)">
        <rect width="210" height="250" rx="20" fill="#ffffff" />
        <text x="22" y="40" fontFamily="ui-sans-serif, system-ui" fontSize="13" fill="#64748b">
          Transfer sent
        </text>
        <text x="22" y="72" fontFamily="ui-sans-serif, system-ui" fontSize="26" fontWeight="700" fill="#0f172a">
          ₦ 2,450,000
        </text>
        <rect x="22" y="92" width="166" height="1" fill="#e2e8f0" />
        {[0, 1, 2].map((row) => (
          <g key={row} transform={`translate(22 ${112 + row * 42})`}>
            <circle cx="14" cy="14" r="14" fill={row === 1 ? '#dcfce7' : '#dbeafe'} />
            <rect x="38" y="6" width="70" height="8" rx="4" fill="#cbd5e1" />
            <rect x="38" y="19" width="46" height="6" rx="3" fill="#e2e8f0" />
            <rect x="126" y="9" width="40" height="9" rx="4.5" fill={row === 1 ? '#16a34a' : '#1d4ed8'} />
          </g>
        ))}
        <rect x="22" y="222" width="166" height="10" rx="5" fill="#eff6ff" />
        <rect x="22" y="222" width="118" height="10" rx="5" fill="#1d4ed8" />
      </g>

      <g transform="translate(20 214) rotate(-8)">
        <rect width="220" height="136" rx="16" fill="url(#brand-card)" />
        <rect x="20" y="26" width="36" height="26" rx="6" fill="#fde68a" />
        <text x="20" y="92" fontFamily="ui-monospace, monospace" fontSize="15" fill="#ffffff" letterSpacing="2">
          •••• •••• 4821
        </text>
        <text x="20" y="118" fontFamily="ui-sans-serif, system-ui" fontSize="11" fill="#dbeafe">
          FIPAY BUSINESS
        </text>
        <circle cx="180" cy="112" r="12" fill="#ffffff" fillOpacity="0.55" />
        <circle cx="196" cy="112" r="12" fill="#ffffff" fillOpacity="0.35" />
      </g>
    </svg>
  );
}
