import { describe, expect, it } from 'vitest';
import { EMAIL_ALREADY_IN_USE_MESSAGE, registerErrorText, TRACKER_NAME, texts } from './texts.ts';

describe('texts', () => {
  it('holds the docs/product.md §5 / §8 texts verbatim', () => {
    expect(texts.registration).toEqual({
      passwordMismatch: 'Password and confirm password does not match.',
      success: 'You have been registered successfully.',
      alreadyRegistered: 'You are already registered in our system.',
    });
    expect(texts.login.failed).toBe('Please check your login credentials');
    expect(texts.forgotPassword).toEqual({
      emptyEmail: 'Please enter a valid email.',
      success: 'An email has been sent successfully to reset password.',
    });
    expect(texts.resetPassword).toEqual({
      passwordMismatch: 'Password and confirm password are not equal.',
      success: 'Password has been updated successfully',
    });
    expect(texts.addProject).toEqual({
      noTrackerProject: 'Please select a Jira project.',
      noClientEmails: 'Please add client email to save.',
      success: 'Project has been added successfully.',
    });
    expect(texts.editProject).toEqual({
      noClientEmails: 'Please add a client email to save.',
      success: 'Project has been successfully updated.',
    });
    expect(texts.deleteProject.confirm).toBe('Are you sure you want to delete this project?');
    expect(texts.sendStories).toEqual({
      noStatus: 'Please select a status to get issues.',
      emptySubjectOrMessage: 'Subject and message may not be empty.',
      sent: 'Email sent to the client.',
    });
    expect(texts.draft.subject).toBe('Request for Testing: User Stories for Review');
    expect(texts.draft.notAvailable).toBe('N/A');
    expect(texts.draft.testMarker).toBe('#test#');
    expect(TRACKER_NAME).toBe('Jira');
  });

  it('is deeply frozen', () => {
    expect(Object.isFrozen(texts)).toBe(true);
    for (const group of Object.values(texts)) expect(Object.isFrozen(group)).toBe(true);
    expect(() => {
      (texts.login as { failed: string }).failed = 'changed';
    }).toThrow(TypeError);
    expect(texts.login.failed).toBe('Please check your login credentials');
  });

  it('maps the provider’s "email already in use" text and passes any other message through', () => {
    expect(EMAIL_ALREADY_IN_USE_MESSAGE).toBe('The email address is already in use by another account.');
    expect(registerErrorText(EMAIL_ALREADY_IN_USE_MESSAGE)).toBe('You are already registered in our system.');
    expect(registerErrorText('WEAK_PASSWORD : Password should be at least 6 characters')).toBe(
      'WEAK_PASSWORD : Password should be at least 6 characters',
    );
    expect(registerErrorText('')).toBe('');
  });
});
