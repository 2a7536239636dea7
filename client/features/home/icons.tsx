// Small inline line icons for the home page (24 x 24, currentColor). All are decorative: the text
// beside them says what they mean, so they are hidden from assistive technology.
import type { ReactNode } from 'react';
import { type IconProps, LineIcon } from '@client/features/icons/LineIcon';
import type { ServiceIcon } from './content';

function Icon({ size = 24, ...props }: IconProps & { children: ReactNode }) {
  return <LineIcon size={size} strokeWidth={1.8} {...props} />;
}

const servicePaths: Record<ServiceIcon, ReactNode> = {
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  handshake: (
    <>
      <path d="m3 11 4-4 4 2 3-2 7 5" />
      <path d="m7 7-4 4 6 6 2-1 2 2 2-1 2 1 3-3" />
      <path d="m11 9-2 2.5a1.5 1.5 0 0 0 2.3 2l1.7-1.5" />
    </>
  ),
  plane: <path d="M21 15.5 13.5 11V5.5a1.5 1.5 0 0 0-3 0V11L3 15.5v2l7.5-2.5v4L8 20.5V22l4-1 4 1v-1.5L13.5 19v-4l7.5 2.5z" />,
  megaphone: (
    <>
      <path d="M3 10v4a1 1 0 0 0 1 1h3l8 4V5L7 9H4a1 1 0 0 0-1 1z" />
      <path d="M7 15v4a2 2 0 0 0 4 0v-2.5" />
      <path d="M19 9a4 4 0 0 1 0 6" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c-3 3.2-3 14.8 0 18M12 3c3 3.2 3 14.8 0 18" />
    </>
  ),
  people: (
    <>
      <circle cx="8.5" cy="8" r="3" />
      <circle cx="16.5" cy="9" r="2.5" />
      <path d="M3 19c0-3 2.5-5 5.5-5s5.5 2 5.5 5M14.5 14.2c3 0 6.5 1.3 6.5 4.8" />
    </>
  ),
};

export function ServiceGlyph({ icon, ...props }: IconProps & { icon: ServiceIcon }) {
  return <Icon {...props}>{servicePaths[icon]}</Icon>;
}

export function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return <Icon {...props}>{direction === 'left' ? <path d="m15 5-7 7 7 7" /> : <path d="m9 5 7 7-7 7" />}</Icon>;
}

export function PauseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 5v14M15 5v14" />
    </Icon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 5v14l12-7z" />
    </Icon>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" strokeWidth={1} {...props}>
      <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 5.3 5.3l1.4-2.2L19 13.5V17a2 2 0 0 1-2 2A15 15 0 0 1 3 5a2 2 0 0 1 2-2z" />
    </Icon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Icon>
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" stroke="none" {...props}>
      <path d="M4.5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3 9h3v12H3zM9 9h2.9v1.7h.1c.4-.8 1.4-1.9 3.2-1.9 3.1 0 3.8 2 3.8 4.7V21h-3v-6.6c0-1.6-.1-3.2-2-3.2s-2.2 1.4-2.2 3.1V21H9z" />
    </Icon>
  );
}
