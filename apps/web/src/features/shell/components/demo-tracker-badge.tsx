// The demo tracker's note in the top bar: one line, a badge that links to the Sites screen (which explains
// it in full); hovering or focusing it shows the explanation in a tooltip, which is also its description.
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** One badge per page, so a fixed id (the pre-rendered page's markup must equal the app's). */
const tipId = 'demo-tracker-tip';

export function DemoTrackerBadge() {
  return (
    <span className="demo-badge">
      <Link className="demo-badge__link" to={paths.admin.sites} aria-describedby={tipId}>
        Demo tracker
      </Link>
      <span role="tooltip" id={tipId} className="demo-badge__tip">
        Projects and stories come from the built-in sample tracker. Connect your own tracker (Jira, GitHub or
        Linear) on the Sites screen.
      </span>
    </span>
  );
}
