import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900 disabled:hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:hover:bg-white',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

// Sizes are a prop rather than className overrides: Tailwind orders h-11 after h-9 whatever the class order.
const sizes: Record<Size, string> = {
  md: 'h-11 px-5',
  sm: 'h-9 px-3',
};

export function buttonClasses(variant: Variant = 'primary', className = '', size: Size = 'md') {
  return `${base} ${sizes[size]} ${variants[variant]} ${className}`;
}

type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: Size };

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className, size)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: Variant };

export function ButtonLink({ variant = 'primary', className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, className)} {...props} />;
}

export const textLinkClasses =
  'font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
