// Client state exactly as docs/product.md §3 "Client state": the user, the projects list, the project issues list,
// an auth loading flag and a get-user loading flag, changed only through the reducer's actions.

import type { Issue } from '@handoff/core';
import type { Project, User } from '@handoff/core/api';
import { createContext, type Dispatch, type ReactNode, useContext, useReducer } from 'react';
import { storageKeys } from '@/config/storage-keys';

export interface AppState {
  /** Null is the "empty" user. */
  user: User | null;
  projects: Project[];
  projectIssues: Issue[];
  authLoading: boolean;
  getUserLoading: boolean;
}

type AppAction =
  | { type: 'AUTH_LOADING'; loading: boolean }
  | { type: 'GET_USER_LOADING'; loading: boolean }
  | { type: 'SET_USER'; user: User | null }
  /** The projects list, as loaded (docs/product.md §3). */
  | { type: 'SET_PROJECTS'; projects: Project[] }
  /** Empties the projects list (after a deletion, docs/product.md §2). */
  | { type: 'CLEAR_PROJECTS' }
  /** Replaces one project of the list, matched by key (optimistic toggle, its rollback, the server's answer). */
  | { type: 'UPDATE_PROJECT'; project: Project }
  /** The issues fetched on the send-stories screen (docs/product.md §3 "project issues list"). */
  | { type: 'SET_PROJECT_ISSUES'; issues: Issue[] }
  /** Empties the project issues list (after sending, docs/product.md §4). */
  | { type: 'CLEAR_PROJECT_ISSUES' }
  /** The Logout button: the user becomes empty and both lists become empty lists (docs/product.md §4). */
  | { type: 'LOGOUT' }
  /** Resets all client state; dispatched when the session ends because a 401 could not be recovered. */
  | { type: 'LOGOUT_SUCCESS' };

export const emptyState: AppState = Object.freeze({
  user: null,
  projects: [],
  projectIssues: [],
  authLoading: false,
  getUserLoading: false,
}) as AppState;

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'AUTH_LOADING':
      return { ...state, authLoading: action.loading };
    case 'GET_USER_LOADING':
      return { ...state, getUserLoading: action.loading };
    case 'SET_USER':
      return { ...state, user: action.user };
    case 'SET_PROJECTS':
      return { ...state, projects: action.projects };
    case 'CLEAR_PROJECTS':
      return { ...state, projects: [] };
    case 'UPDATE_PROJECT': {
      const { project } = action;
      // The same key may be on two sites: the site tells them apart.
      const index = state.projects.findIndex(
        (p) => p.projectKey === project.projectKey && p.siteId === project.siteId,
      );
      if (index < 0) return state;
      const projects = state.projects.slice();
      projects[index] = project;
      return { ...state, projects };
    }
    case 'SET_PROJECT_ISSUES':
      return { ...state, projectIssues: action.issues };
    case 'CLEAR_PROJECT_ISSUES':
      return { ...state, projectIssues: [] };
    case 'LOGOUT':
      return { ...state, user: null, projects: [], projectIssues: [] };
    case 'LOGOUT_SUCCESS':
      return emptyState;
    default:
      return state;
  }
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && typeof v.apikey === 'string';
}

/**
 * docs/product.md §3: "authUser" is read at start as the initial state. Its content is not specified; we accept either a
 * user object or a state-like object with a `user` field, and ignore anything else (or invalid JSON).
 */
export function readInitialState(storage: Storage = window.localStorage): AppState {
  const raw = storage.getItem(storageKeys.authUser);
  if (!raw) return emptyState;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return { ...emptyState, user: parsed };
    if (typeof parsed === 'object' && parsed !== null && isUser((parsed as { user?: unknown }).user)) {
      return { ...emptyState, user: (parsed as { user: User }).user };
    }
  } catch {
    // Not JSON: start empty.
  }
  return emptyState;
}

const StateContext = createContext<AppState | null>(null);
const DispatchContext = createContext<Dispatch<AppAction> | null>(null);

export function AppStoreProvider({
  children,
  initialState,
}: {
  children: ReactNode;
  initialState?: AppState;
}) {
  const [state, dispatch] = useReducer(appReducer, initialState, (init) => init ?? readInitialState());
  return (
    <StateContext.Provider value={state}>
      <DispatchContext.Provider value={dispatch}>{children}</DispatchContext.Provider>
    </StateContext.Provider>
  );
}

export function useAppState(): AppState {
  const state = useContext(StateContext);
  if (!state) throw new Error('useAppState must be used inside <AppStoreProvider>');
  return state;
}

export function useAppDispatch(): Dispatch<AppAction> {
  const dispatch = useContext(DispatchContext);
  if (!dispatch) throw new Error('useAppDispatch must be used inside <AppStoreProvider>');
  return dispatch;
}
