import type { ReactNode } from 'react';

/** Inline transport icons (currentColor, decorative: the buttons carry the labels). */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.9-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </Icon>
);

export const PauseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M7 4h3.5v16H7zM13.5 4H17v16h-3.5z" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M5 5.5v13a1 1 0 0 0 1.54.84L16 13.2V19h2V5h-2v5.8L6.54 4.66A1 1 0 0 0 5 5.5Z" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path d="M19 5.5v13a1 1 0 0 1-1.54.84L8 13.2V19H6V5h2v5.8l9.46-6.14A1 1 0 0 1 19 5.5Z" />
  </Icon>
);

export const ShuffleIcon = () => (
  <Icon>
    <path d="M17 3l4 4-4 4V8h-2.2l-3 3.6-1.3-1.55L13.9 6H17V3ZM3 6h4.1l9.7 11H17v-3l4 4-4 4v-3h-3.1L4.2 8H3V6Zm0 10h1.2l2.6-3 1.3 1.55L5.1 18H3v-2Z" />
  </Icon>
);

export const RepeatIcon = () => (
  <Icon>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z" />
  </Icon>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M3 9v6h4l5 5V4L7 9H3Z" />
    {muted ? (
      <path d="M16.3 8.3 18 10l1.7-1.7 1.4 1.4L19.4 11.4l1.7 1.7-1.4 1.4-1.7-1.7-1.7 1.7-1.4-1.4 1.7-1.7-1.7-1.7 1.4-1.4Z" />
    ) : (
      <path d="M16.5 12A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23Z" />
    )}
  </Icon>
);
