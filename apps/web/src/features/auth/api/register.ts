// POST /jira/register {email, password, apikey} → {status, message} (SPEC §7). confirmPassword never leaves
// the client. The auth loading flag is set for the duration of the request (SPEC §4 "Registration").
import { registerErrorText } from '@handoff/core';
import { useCallback } from 'react';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';
import type { RegisterResult } from '@/types/api';

export interface RegisterInput {
  email: string;
  password: string;
  apikey: string;
}

export const SUCCESS_STATUS = 200;

export function registerUser(api: ApiClient, input: RegisterInput): Promise<RegisterResult> {
  const { email, password, apikey } = input;
  return api.post<RegisterResult>('/jira/register', { email, password, apikey }, { auth: false });
}

export type RegisterOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Registers and returns the text to show: the server's message, mapped as SPEC §8 says. */
export function useRegister(): (input: RegisterInput) => Promise<RegisterOutcome> {
  const { api } = useServices();
  const dispatch = useAppDispatch();
  return useCallback(
    async (input) => {
      dispatch({ type: 'AUTH_LOADING', loading: true });
      try {
        const result = await registerUser(api, input);
        if (result?.status === SUCCESS_STATUS) return { ok: true, message: result.message };
        return { ok: false, message: registerErrorText(String(result?.message ?? '')) };
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'The registration could not be sent.';
        return { ok: false, message: registerErrorText(message) };
      } finally {
        dispatch({ type: 'AUTH_LOADING', loading: false });
      }
    },
    [api, dispatch],
  );
}
