import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { storageKeys } from '@/config/storage-keys';
import { createServices } from '@/lib/services';
import { testConfig } from '@/testing/mocks/test-config';
import { type AppState, appReducer, emptyState, readInitialState, useAppState } from './app-store';

const ada = { id: 'u1', email: 'ada@example.com', apikey: 'k', name: '' };
const full: AppState = {
  user: ada,
  projects: [
    {
      userId: 'u1',
      projectKey: 'P',
      projectName: 'Project',
      clientEmails: ['c@example.com'],
      clientCC: [],
      autosend: false,
      sentProjectIssuesList: [],
      groupBy: 'nothing',
      siteId: 'default',
      siteName: 'default',
      statusesOffered: null,
      reminderDays: 3,
      autosendStatus: {
        nextRunAt: null,
        lastRunAt: null,
        lastError: null,
        lastSentAt: null,
        switchedOnBy: null,
      },
    },
  ],
  projectIssues: [{ key: 'P-1', issueHeader: 'Story', description: 'N/A' }],
  authLoading: true,
  getUserLoading: true,
};

function Probe() {
  const state = useAppState();
  return <p>{`${state.user?.email ?? 'nobody'} ${state.projects.length} ${state.authLoading}`}</p>;
}

describe('client state', () => {
  it('starts empty', () => {
    expect(emptyState).toEqual({
      user: null,
      projects: [],
      projectIssues: [],
      authLoading: false,
      getUserLoading: false,
    });
  });

  it('LOGOUT empties the user and both lists', () => {
    expect(appReducer(full, { type: 'LOGOUT' })).toEqual({
      ...full,
      user: null,
      projects: [],
      projectIssues: [],
    });
  });

  it('LOGOUT_SUCCESS resets everything', () => {
    expect(appReducer(full, { type: 'LOGOUT_SUCCESS' })).toEqual(emptyState);
  });

  it('sets the loading flags and the user', () => {
    let state = appReducer(emptyState, { type: 'AUTH_LOADING', loading: true });
    state = appReducer(state, { type: 'GET_USER_LOADING', loading: true });
    state = appReducer(state, { type: 'SET_USER', user: ada });
    expect(state).toMatchObject({ authLoading: true, getUserLoading: true, user: ada });
  });

  it('sets, updates (by key) and clears the projects list', () => {
    const p = (projectKey: string, autosend = false) => ({ ...full.projects[0]!, projectKey, autosend });
    let state = appReducer(emptyState, { type: 'SET_PROJECTS', projects: [p('A'), p('B'), p('C')] });
    const before = state.projects;
    state = appReducer(state, { type: 'UPDATE_PROJECT', project: p('B', true) });
    expect(state.projects).toEqual([p('A'), p('B', true), p('C')]);
    expect(before[1]).toEqual(p('B')); // the previous list is not changed in place
    expect(appReducer(state, { type: 'UPDATE_PROJECT', project: p('Z', true) })).toBe(state);
    state = appReducer(state, { type: 'CLEAR_PROJECTS' });
    expect(state.projects).toEqual([]);
  });

  it('sets and clears the project issues list', () => {
    const issues = [{ key: 'P-2', issueHeader: 'Other', description: 'N/A' as const }];
    let state = appReducer(full, { type: 'SET_PROJECT_ISSUES', issues });
    expect(state.projectIssues).toEqual(issues);
    expect(state.projects).toBe(full.projects);
    state = appReducer(state, { type: 'CLEAR_PROJECT_ISSUES' });
    expect(state.projectIssues).toEqual([]);
  });

  it('reads "authUser" at start as the initial state', () => {
    expect(readInitialState()).toEqual(emptyState);
    window.localStorage.setItem(storageKeys.authUser, JSON.stringify(ada));
    expect(readInitialState().user).toEqual(ada);
    window.localStorage.setItem(storageKeys.authUser, JSON.stringify({ user: ada, loading: false }));
    expect(readInitialState().user).toEqual(ada);
    window.localStorage.setItem(storageKeys.authUser, '{not json');
    expect(readInitialState()).toEqual(emptyState);
    window.localStorage.setItem(storageKeys.authUser, JSON.stringify({ email: 1 }));
    expect(readInitialState()).toEqual(emptyState);
  });

  it('dispatches LOGOUT_SUCCESS when the session expires', () => {
    const services = createServices(testConfig);
    render(
      <AppProvider services={services} initialState={full}>
        <Probe />
      </AppProvider>,
    );
    expect(screen.getByText('ada@example.com 1 true')).toBeInTheDocument();
    act(() => services.session.expire());
    expect(screen.getByText('nobody 0 false')).toBeInTheDocument();
  });
});
