/** Stroke icons of the editor's toolbar (24 px grid), kept in the editor chunk. */
import type { SVGProps } from 'react';

const paths = {
  undo: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  redo: 'M15 14l5-5l-5-5M20 9H9a5 5 0 0 0 0 10h3',
  listBullet: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  listNumber: 'M10 6h10M10 12h10M10 18h10M4 4h1.5v5M4 9h3M4 14.5a1.5 1.5 0 0 1 3 .5c0 1-3 2.5-3 3.5h3',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignCenter: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  alignJustify: 'M4 6h16M4 10h16M4 14h16M4 18h16',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  footnote: 'M4 18h10M4 13h10M4 8h6M17 4h2v6M16.5 10h3.5',
  image: 'M4 5h16v14H4zM4 16l5-5l4 4l2-2l5 5M15.5 9.5a1 1 0 1 0 0-.01',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  table: 'M4 5h16v14H4zM4 10h16M4 14.5h16M10 5v14',
  lookup: 'M4 5h16v14H4zM4 9h16M9 5v14M14 9v10M12 13.5h4v3h-4z',
  special: 'M6 19h4v-2.5a6 6 0 1 1 4 0V19h4',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
  rowAbove: 'M4 13h16v7H4zM12 3v7M9 6h6',
  rowBelow: 'M4 4h16v7H4zM12 14v7M9 18h6',
  colLeft: 'M13 4h7v16h-7zM3 12h7M6 9v6',
  colRight: 'M4 4h7v16H4zM14 12h7M18 9v6',
  rowDelete: 'M4 9h16v6H4zM9 4l6 0M9 20h6',
  colDelete: 'M9 4h6v16H9zM4 9v6M20 9v6',
  headerRow: 'M4 5h16v14H4zM4 10h16',
  tableDelete: 'M4 5h16v14H4zM9 9l6 6M15 9l-6 6',
  arrowUp: 'M12 19V5M6 11l6-6l6 6',
  arrowDown: 'M12 5v14M6 13l6 6l6-6',
  plus: 'M12 5v14M5 12h14',
  save: 'M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6',
  reference: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  template: 'M8 3h11v14H8zM5 7v14h11M11 7h5M11 10.5h5M11 14h3',
  saveTemplate: 'M6 3h12v18l-6-4.5L6 21zM12 7v6M9 10h6',
} as const;

export type EditorIconName = keyof typeof paths;

export function EditorIcon({ name, size = 18, ...rest }: { name: EditorIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
