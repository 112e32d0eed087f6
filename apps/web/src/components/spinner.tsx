import type { CSSProperties } from 'react';

interface SpinnerProps {
  /** Width and height, e.g. '2.5rem'. */
  size: string;
  className?: string;
}

/**
 * PrimeReact's ProgressSpinner drawing in plain markup and CSS (styles.css, .goc-spinner): the
 * first screen and the loading overlay show it without loading PrimeReact.
 */
export function Spinner({ size, className = '' }: SpinnerProps) {
  const style: CSSProperties = { width: size, height: size };
  return (
    <svg className={`goc-spinner ${className}`} style={style} viewBox="25 25 50 50" aria-hidden="true">
      <circle className="goc-spinner-circle" cx="50" cy="50" r="20" fill="none" strokeWidth="4" strokeMiterlimit="10" />
    </svg>
  );
}
