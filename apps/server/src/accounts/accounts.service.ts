// Registration: the sign-in account and the Handoff user, created together; the account's Jira token.
import { comparableEmail, EMAIL_ALREADY_IN_USE_MESSAGE } from '@handoff/core';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { IdentityError, LONG_PASSWORD_DETAIL, MAX_PASSWORD_LENGTH } from '../identity/identity.errors.ts';
import {
  countUsers,
  dropRegistrationKey,
  findUserByIdentityUid,
  insertUser,
  personOfUser,
  setUserApiKey,
  setUserDisplayName,
  takeOverUser,
} from './users.repository.ts';

/**
 * What registration needs of workspaces/, passed in by app.ts: workspaces/ builds on accounts/ (a member is
 * a user), so accounts/ does not import it.
 */
export interface RegistrationWorkspaces {
  /** Creates the new user's own workspace, in the registration's transaction. */
  createPersonalWorkspace(
    trx: Kysely<Database>,
    userId: string,
    email: string,
    displayName: string,
  ): Promise<unknown>;
  /** Whether an address has an open invitation (REGISTRATION=invite). */
  hasOpenInvitation(db: Kysely<Database>, email: string, at: Date): Promise<boolean>;
}

/** A reset through the e-mailed link proves the mailbox: the Jira token set before then goes. */
export function forgetRegistrationKey(trx: Db, identityUid: string): Promise<void> {
  return dropRegistrationKey(trx, identityUid);
}

/** Stores the user's Jira token (sealed by the caller). */
export function storeJiraToken(db: Db, userId: string, apikeyEncrypted: string): Promise<void> {
  return setUserApiKey(db, userId, apikeyEncrypted);
}

/** The user's address and display name (empty: none given); null for no user. */
export function personOf(db: Db, userId: string | null): Promise<{ email: string; name: string } | null> {
  return personOfUser(db, userId);
}

/** Sets the name the user goes by (empty: none). */
export function storeDisplayName(db: Db, userId: string, name: string): Promise<void> {
  return setUserDisplayName(db, userId, name);
}

/** Registers the account and its Handoff user (and own workspace), or throws the API's refusal. */
export async function registerUser(
  app: FastifyInstance,
  workspaces: RegistrationWorkspaces,
  user: { email: string; password: string; ip: string; apikeyEncrypted: string; name: string },
): Promise<void> {
  await assertInvitedWhenInviteOnly(app, workspaces, user.email);
  try {
    // The same account creation as the provider's signUp; the product user is written in the same
    // transaction (built-in provider), so a failure leaves neither behind.
    await app.identity.accounts.register(
      { email: user.email, password: user.password, ip: user.ip },
      async (trx, account) => {
        // The unverified account this registration replaced keeps no hold on the address: its
        // profile is the new account's, with the new Jira token (main README, "No squatting").
        if (account.replacedUid) {
          const taken = await takeOverUser(trx, account.replacedUid, {
            identityUid: account.uid,
            apikeyEncrypted: user.apikeyEncrypted,
            displayName: user.name,
          });
          if (taken) return;
        }
        const userId = await insertUser(trx, {
          identityUid: account.uid,
          email: account.email,
          apikeyEncrypted: user.apikeyEncrypted,
          displayName: user.name,
        });
        if (!userId) throw new IdentityError('EMAIL_EXISTS');
        await workspaces.createPersonalWorkspace(trx, userId, account.email, user.name);
      },
      async (uid) => (await findUserByIdentityUid(app.db, uid)) !== undefined,
    );
  } catch (error) {
    if (error instanceof IdentityError) throw registrationError(error);
    throw error;
  }
}

/**
 * REGISTRATION=invite: only an address with an open invitation may register, except the first account
 * of an empty installation (someone must be able to start it).
 */
async function assertInvitedWhenInviteOnly(
  app: FastifyInstance,
  workspaces: RegistrationWorkspaces,
  email: string,
): Promise<void> {
  if (app.config.registration !== 'invite') return;
  const invited = await workspaces.hasOpenInvitation(app.db, comparableEmail(email.trim()), new Date());
  if (invited || (await countUsers(app.db)) === 0) return;
  throw new AppError(403, 'REGISTRATION_BY_INVITATION', 'Registration is by invitation only.');
}

/** The provider's refusal as the product API's error answer. */
function registrationError(error: IdentityError): AppError {
  switch (error.code) {
    case 'EMAIL_EXISTS':
      return new AppError(400, 'EMAIL_EXISTS', EMAIL_ALREADY_IN_USE_MESSAGE);
    case 'WEAK_PASSWORD':
      return badRequest(
        error.detail === LONG_PASSWORD_DETAIL
          ? `The password may be at most ${MAX_PASSWORD_LENGTH} characters long.`
          : 'The password must be 6 characters long or more.',
        'WEAK_PASSWORD',
      );
    case 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS':
      return badRequest(error.detail ?? 'The password does not meet the requirements.', 'WEAK_PASSWORD');
    case 'MISSING_EMAIL':
      return badRequest('Enter your e-mail address.', 'MISSING_EMAIL');
    case 'INVALID_EMAIL':
      return badRequest('The email address is badly formatted.', 'INVALID_EMAIL');
    case 'MISSING_PASSWORD':
      return badRequest('Enter a password.', 'MISSING_PASSWORD');
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
    case 'ADMIN_ONLY_OPERATION':
      // SIGNUP_DOMAINS: the detail names the domains that may register.
      if (error.detail) return new AppError(403, 'REGISTRATION_NOT_ALLOWED', error.detail);
      return new AppError(
        403,
        'REGISTRATION_DISABLED',
        'Registration with e-mail and password is turned off.',
      );
    case 'OPERATION_NOT_ALLOWED':
      return new AppError(
        403,
        'REGISTRATION_DISABLED',
        'Registration with e-mail and password is turned off.',
      );
    default:
      return badRequest(`Registration failed (${error.code}).`, error.code);
  }
}
