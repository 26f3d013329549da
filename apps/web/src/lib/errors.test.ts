import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './errors';

const refused = (message: string) =>
  new ApiError(400, message, { status: 400, code: 'INVALID_REQUEST', message });

describe('errorMessage: what the user reads for a refused request', () => {
  it('drops the validation prefixes and keeps the sentences', () => {
    expect(errorMessage(refused('Invalid body: email: "dana@" is not a valid e-mail address.'))).toBe(
      '"dana@" is not a valid e-mail address.',
    );
    expect(
      errorMessage(
        refused(
          'Invalid body: clientEmails.0: Client e-mail "x" is not a valid e-mail address.; clientCC: At most 50 addresses.',
        ),
      ),
    ).toBe('Client e-mail "x" is not a valid e-mail address. At most 50 addresses.');
  });

  it("replaces a schema's technical wording by one plain sentence", () => {
    expect(
      errorMessage(refused('Invalid body: userId: Invalid input: expected string, received undefined')),
    ).toBe('Some of what you entered was not accepted. Check the form and try again.');
  });

  it("shows other errors' messages as the server wrote them", () => {
    expect(errorMessage(new ApiError(409, 'Invalid body: is a fine start for a sentence here.'))).toBe(
      'Invalid body: is a fine start for a sentence here.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
