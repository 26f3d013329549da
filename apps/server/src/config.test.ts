import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authMode).toBe('builtin');
    expect(config.jiraIssueTypes).toEqual(['Story']);
    expect(config.maxAttachmentBytes).toBe(10 * 1024 * 1024);
    expect(config.autosendIntervalMs).toBe(15 * 60_000);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['AUTH_MODE', 'magic'],
    ['MAX_ATTACHMENT_MB', '-1'],
    ['AUTOSEND_INTERVAL_MINUTES', '0'],
    ['SECRET_KEY', 'short'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('needs the Firebase project settings in firebase mode', () => {
    expect(() => loadConfig({ AUTH_MODE: 'firebase' })).toThrow(/FIREBASE_API_KEY/);
  });

  it('allows fractional auto-send intervals', () => {
    expect(loadConfig({ AUTOSEND_INTERVAL_MINUTES: '0.05' }).autosendIntervalMs).toBe(3000);
  });
});
