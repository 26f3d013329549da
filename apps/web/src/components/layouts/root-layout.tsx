// The frame of every page: the navigation progress bar above whichever route is shown.
import { Outlet } from 'react-router';
import { NavigationProgress } from '@/components/ui/navigation-progress';

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
