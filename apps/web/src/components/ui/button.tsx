import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-800 hover:bg-slate-100',
};

/** The class of a button, for a link that looks like one (`<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

/**
 * A button. `pending` disables it while its action runs, and says so to screen readers, so a
 * second click never sends the action twice.
 */
export function Button({
  variant = 'primary',
  pending = false,
  type = 'button',
  className = '',
  disabled,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean }) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, className)}
      {...rest}
    >
      {children}
    </button>
  );
}
