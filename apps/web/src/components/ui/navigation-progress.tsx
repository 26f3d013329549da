// The top progress bar of navigation (docs/design-system.md "NavigationProgress"): shown while the router
// loads the next route (its code on a slow network), so the old page does not just sit there. The bar
// fades in after a short delay (CSS, .page-loader), so fast navigations show nothing.
import { useNavigation } from 'react-router';
import { ProgressBar } from './progress-bar';

export function NavigationProgress() {
  return useNavigation().state === 'idle' ? null : <ProgressBar label="Loading the page" placement="top" />;
}
