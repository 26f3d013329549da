// POST /jira/register {email, password, apikey, name?} → {status, message} (docs/product.md §7; the optional
// display name is Handoff's own, sent only when given). confirmPassword never leaves
// the client. The auth loading flag is set for the duration of the request (docs/product.md §4 "Registration").
import { registerErrorText } from '@handoff/core';
import type { RegisterAnswer, RegisterBody } from '@handoff/core/api';
import { useCallback } from 'react';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

type RegisterInput = RegisterBody;

const SUCCESS_STATUS = 200;

function registerUser(api: ApiClient, input: RegisterInput): Promise<RegisterAnswer> {
  const { email, password, apikey, name } = input;
  const body: RegisterBody = { email, password, apikey, ...(name ? { name } : {}) };
  return api.post<RegisterAnswer>('/jira/register', body, { auth: false });
}

type RegisterOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Registers and returns the text to show: the server's message, mapped as docs/product.md §8 says. */
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
