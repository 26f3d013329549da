// App-wide providers: the services built from runtime config and the client-state store. When the session
// ends because a 401 could not be recovered, LOGOUT_SUCCESS resets the client state (the gate then shows
// /auth/login).
import { type ReactNode, useEffect } from 'react';
import { type Services, ServicesProvider } from '@/lib/services';
import { type AppState, AppStoreProvider, useAppDispatch } from '@/stores/app-store';

function SessionExpiry({ services }: { services: Services }) {
  const dispatch = useAppDispatch();
  useEffect(
    () => services.session.onExpired(() => dispatch({ type: 'LOGOUT_SUCCESS' })),
    [services, dispatch],
  );
  return null;
}

export function AppProvider({
  services,
  initialState,
  children,
}: {
  services: Services;
  initialState?: AppState;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <AppStoreProvider initialState={initialState}>
        <SessionExpiry services={services} />
        {children}
      </AppStoreProvider>
    </ServicesProvider>
  );
}
