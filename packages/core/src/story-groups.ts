// A project's `Group stories by` (main README, "Grouped stories"): the draft, the HTML notice, the client's
// review page and the status screen show a project's stories under their epic's or type's heading, the
// groups in the tracker's order, the stories without one last under `Other`.

/** `Nothing` (one flat list, the default), the story's `Epic` or its `Type`. */
export const GROUP_BY = ['nothing', 'epic', 'type'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** How the edit screen names each choice. */
export const GROUP_BY_NAMES: Readonly<Record<GroupBy, string>> = {
  nothing: 'Nothing',
  epic: 'Epic',
  type: 'Type',
};

/** A story's epic or type as its tracker gives it: `order` is the tracker's (smaller first). */
export interface StoryGroup {
  id: string;
  name: string;
  order: number;
}

/** What a story carries of its groups (a tracker without the concept leaves it null or out). */
export interface Grouped {
  epic?: StoryGroup | null | undefined;
  type?: StoryGroup | null | undefined;
}

/** The story's group under the project's choice; null: none (or grouping is off). */
export function groupOf(story: Grouped, by: GroupBy): StoryGroup | null {
  if (by === 'nothing') return null;
  return story[by] ?? null;
}

/** One heading's stories; `heading` is null only when nothing is grouped (one flat list). */
export interface StorySection<T> {
  heading: string | null;
  /** The group's id; null for the flat list and for `Other`. */
  groupId: string | null;
  items: T[];
}

/**
 * The stories under their groups' headings: groups by their tracker order (then name, then id), each
 * group's stories in the order given, the stories without a group last under `other`. When no story has
 * a group (or `by` is `nothing`) there is one section without a heading, so the list reads as before.
 */
export function storySections<T extends Grouped>(
  stories: readonly T[],
  by: GroupBy,
  other: string,
): StorySection<T>[] {
  const groups = new Map<string, { group: StoryGroup; items: T[] }>();
  const rest: T[] = [];
  for (const story of stories) {
    const group = groupOf(story, by);
    if (!group) {
      rest.push(story);
      continue;
    }
    const entry = groups.get(group.id);
    if (entry) entry.items.push(story);
    else groups.set(group.id, { group, items: [story] });
  }
  if (groups.size === 0) return [{ heading: null, groupId: null, items: rest }];
  const sections: StorySection<T>[] = [...groups.values()]
    .sort(
      (a, b) =>
        a.group.order - b.group.order ||
        a.group.name.localeCompare(b.group.name) ||
        a.group.id.localeCompare(b.group.id),
    )
    .map(({ group, items }) => ({ heading: group.name, groupId: group.id, items }));
  if (rest.length > 0) sections.push({ heading: other, groupId: null, items: rest });
  return sections;
}

/** The underline of a heading in a plain-text draft (a setext heading, which the HTML notice reads back). */
export function headingUnderline(heading: string): string {
  return '-'.repeat(Math.max(3, [...heading].length));
}

/** A draft line that underlines the line above it: three or more dashes and nothing else. */
export const HEADING_UNDERLINE = /^[ \t]*-{3,}[ \t]*$/;
