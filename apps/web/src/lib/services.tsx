// The services built once from runtime config (identity client, session, API client), reachable from React.
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { type ApiClient, createApiClient } from './api-client';
import { type AuthSession, createAuthSession } from './auth-session';
import { createIdentityClient, type IdentityClient } from './identity-client';
import type { RuntimeConfig } from './runtime-config';

export interface Services {
  config: RuntimeConfig;
  identity: IdentityClient;
  session: AuthSession;
  api: ApiClient;
}

export function createServices(config: RuntimeConfig, storage: Storage = window.localStorage): Services {
  const identity = createIdentityClient({
    identityToolkitUrl: config.identityToolkitUrl,
    secureTokenUrl: config.secureTokenUrl,
    apiKey: config.identityApiKey,
  });
  const session = createAuthSession({ identity, storage });
  const api = createApiClient({ baseUrl: config.apiBaseUrl, session });
  return { config, identity, session, api };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

/** The stored ID token, re-read whenever the session changes (also from another tab). */
export function useAuthToken(): string | null {
  const { session } = useServices();
  // The build's pre-rendering reads the session it was given (src/prerender/pages.tsx). login.html, the one
  // page hydrated, is a signed-out visitor's: its start script sends a signed-in one on before the app runs.
  return useSyncExternalStore(session.subscribe, session.getToken, session.getToken);
}
