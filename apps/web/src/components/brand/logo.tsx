import { Link } from 'react-router';

type LogoProps = {
  className?: string;
  to?: string;
  light?: boolean;
  /** Only the mark on phones, where a bar has little room; the link keeps its name. */
  compact?: boolean;
};

export function Logo({ className = '', to = '/', light = false, compact = false }: LogoProps) {
  return (
    <Link to={to} className={`inline-flex items-center gap-2 font-bold text-xl ${className}`} aria-label="FiPay home">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={light ? '#fff' : '#1d4ed8'} />
        <path d="M10 8h13v4h-8.5v3H21v4h-6.5v5H10z" fill={light ? '#1d4ed8' : '#fff'} />
      </svg>
      <span className={`${light ? 'text-white' : 'text-slate-900'} ${compact ? 'max-sm:hidden' : ''}`}>FiPay</span>
    </Link>
  );
}
