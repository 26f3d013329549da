// Icons for menu entries, chosen by name in the route list, and the shell's own icons. They are drawn in
// the shared outline frame of components/ui/icons.
import { type IconProps, Svg } from '@/components/ui/icons';

export type MenuIconName = 'projects' | 'user' | 'team' | 'sites' | 'key' | 'register';

const paths: Record<MenuIconName, string[]> = {
  projects: ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  user: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  team: [
    'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
  ],
  // A server stack: the trackers' sites.
  sites: ['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01M8 17h.01'],
  key: ['M15 7a4 4 0 1 1-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0 1 15 7z'],
  register: [
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M19 8v6M22 11h-6',
  ],
};

export function MenuIcon({ name, ...props }: { name: MenuIconName } & IconProps) {
  return (
    <Svg {...props}>
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </Svg>
  );
}

export const MenuToggleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Svg>
);

/** The open menu's toggle: a cross, as it closes the menu. */
export const MenuCloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const BellIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </Svg>
);

/** A magnifier: the phone menu's search input. */
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-4.35-4.35" />
  </Svg>
);

/** A door with an arrow out: the phone menu's Logout row. */
export const LogoutIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Svg>
);
