// The home page runs without Mantine's code (client/home-root.tsx), so the three Mantine pieces it
// showed are plain elements here, styled alike: text for screen readers only, a loading skeleton, and
// the menu's burger button.
import { type ButtonHTMLAttributes, type CSSProperties, forwardRef, type ReactNode } from 'react';
import classes from './plain.module.css';

export function VisuallyHidden({ children, role }: { children: ReactNode; role?: string }) {
  return (
    <span className={classes.visuallyHidden} role={role}>
      {children}
    </span>
  );
}

interface SkeletonProps {
  height: number;
  /** A width in pixels, or any CSS length ('70%'); the whole width when left out. */
  width?: number | string;
  /** Space below, in rem. */
  marginBottom?: number;
  className?: string;
}

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

export function Skeleton({ height, width, marginBottom, className }: SkeletonProps) {
  const style = {
    '--skeleton-height': px(height),
    ...(width === undefined ? {} : { '--skeleton-width': px(width) }),
    ...(marginBottom === undefined ? {} : { marginBottom: `${marginBottom}rem` }),
  } as CSSProperties;
  return <span className={className === undefined ? classes.skeleton : `${classes.skeleton} ${className}`} style={style} />;
}

interface BurgerProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> {
  opened: boolean;
}

/** The menu button of a narrow screen (hidden from 48em up). */
export const Burger = forwardRef<HTMLButtonElement, BurgerProps>(function Burger({ opened, className, ...button }, ref) {
  return (
    <button ref={ref} type="button" className={className === undefined ? classes.burger : `${classes.burger} ${className}`} {...button}>
      <span className={classes.burgerLines} data-opened={opened || undefined} />
    </button>
  );
});
