// A person's photo, or without one a neutral monogram of their initials (never a drawn face, which
// reads as a placeholder). The name beside it says who it is, so the monogram is decorative.
import { useTranslator } from '@client/i18n';
import { uploadSrcSet } from '@server/shared/image-variants';
import classes from './Portrait.module.css';

export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const first = words[0]?.match(/\p{L}/u)?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.match(/\p{L}/u)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

interface PortraitProps {
  name: string;
  photo: string | null;
  width: number;
  height: number;
  className: string | undefined;
  /** Fills its column up to `width` (a large portrait); otherwise a fixed size (an avatar). */
  fluid?: boolean;
}

export function Portrait({ name, photo, width, height, className, fluid = false }: PortraitProps) {
  const { t } = useTranslator();
  if (photo !== null) {
    // An uploaded photo comes in WebP at several widths; the browser takes the one its screen needs.
    return (
      <img
        src={photo}
        srcSet={uploadSrcSet(photo)}
        sizes={fluid ? `(max-width: ${width}px) 100vw, ${width}px` : `${width}px`}
        alt={t('home.portrait', { name })}
        width={width}
        height={height}
        loading="lazy"
        className={className}
      />
    );
  }
  return (
    <span
      className={`${className ?? ''} ${classes.monogram}`}
      // Scales down with the column like a photo would, keeping its shape.
      style={{
        width: fluid ? '100%' : width,
        maxWidth: fluid ? width : undefined,
        aspectRatio: `${width} / ${height}`,
        fontSize: Math.round(Math.min(width, height) * 0.36),
      }}
      data-monogram={initialsOf(name)}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}
