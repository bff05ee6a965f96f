import type { ButtonHTMLAttributes } from 'react';

type MainActionButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** While true the button shows busyLabel in place of its children. */
  busy: boolean;
  busyLabel: string;
};

/** A storefront page's one main action (Add to Cart, the custom upload, Place Order): full width and dark. */
export function MainActionButton({ busy, busyLabel, className = '', children, ...button }: MainActionButtonProps) {
  return (
    <button
      {...button}
      className={`${className} w-full rounded-full bg-stone-900 py-4 text-lg font-semibold text-white shadow-lg transition hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-50`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
