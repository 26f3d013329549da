import { paths } from './paths';

/**
 * The sidebar logo (docs/product.md §2): an inner link to /admin/index, or an outer link that opens in a new tab,
 * e.g. `{ kind: 'outer', href: 'https://example.com', label: 'Handoff' }`.
 */
export type LogoConfig =
  | { kind: 'inner'; to: string; label: string }
  | { kind: 'outer'; href: string; label: string };

const productName = 'Handoff';

export const logo: LogoConfig = { kind: 'inner', to: paths.admin.index, label: productName };
