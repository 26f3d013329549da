// The status screen's stories as one table, or, when the project groups them (`Group stories by`), one table
// per epic or type under its heading, in the tracker's order, the stories without one last under `Other`.
import type { StoryStatus } from '@handoff/core/api';
import { shownState } from '@handoff/core/review-states';
import { type GroupBy, storySections } from '@handoff/core/story-groups';
import { useId } from 'react';
import { DataTable } from '@/components/ui/data-table';
import type { EarlierAnswer } from '../api/get-earlier-answers';
import { statusColumns } from './status-columns';

/** A row's red edge: a story that failed, or one overdue (its state says which, in words). */
function rowClass(story: StoryStatus): string | undefined {
  const state = shownState(story);
  return state === 'failed' || state === 'overdue' ? `review-status__row--${state}` : undefined;
}

/** The heading of the stories without a group, in the team's language (the staff screens are English). */
const OTHER = 'Other';

export function StatusTables({
  stories,
  groupBy,
  labelledBy,
  offerAgain,
  withRelease,
  earlier,
  soleReviewer = null,
}: {
  stories: readonly StoryStatus[];
  groupBy: GroupBy;
  labelledBy: string;
  offerAgain: (issueKey: string) => void;
  /** Whether the tables have a Release column (some story was sent as part of a release). */
  withRelease: boolean;
  /** The answer of the round before, by key, for the stories being re-tested. */
  earlier: ReadonlyMap<string, EarlierAnswer>;
  /** The one tester who gave every answer shown (the page's subtitle names them, so the rows do not). */
  soleReviewer?: string | null;
}) {
  const id = useId();
  const sections = storySections(stories, groupBy, OTHER);
  const table = (rows: readonly StoryStatus[], headingId: string) => (
    <DataTable
      labelledBy={headingId}
      rows={rows}
      rowKey={(story) => story.key}
      columns={statusColumns(offerAgain, withRelease, earlier, soleReviewer)}
      rowClassName={rowClass}
    />
  );
  if (sections.length === 1 && sections[0]?.heading === null) return table(stories, labelledBy);
  return (
    <>
      {sections.map((section, index) => {
        const headingId = `${id}-group-${index}`;
        return (
          <section
            key={section.groupId ?? OTHER}
            className="review-status__group"
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="review-status__group-title">
              {section.heading}
            </h2>
            {table(section.items, headingId)}
          </section>
        );
      })}
    </>
  );
}
