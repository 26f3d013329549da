import { describe, expect, it } from 'vitest';
import { loadConfig, openRegistrationWarning } from './config.ts';
import { resolveSecrets } from './secrets.ts';

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

  it('refuses TRUST_PROXY=true and says what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every X-Forwarded-For entry.*TRUST_PROXY=1.*TRUST_PROXY=127\.0\.0\.1/s,
    );
  });

  it.each([
    ['false', false],
    ['', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1, fd00::/8, loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('takes TRUST_PROXY=%j as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*is not a hop count/);
  });

  it('refuses DATABASE_URL without SECRET_KEY, saying why', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/handoff' })).toThrow(
      /SECRET_KEY: required with DATABASE_URL\. Every server process sharing the database/,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/handoff', SECRET_KEY: 'k'.repeat(32) }).databaseUrl,
    ).toBe('postgres://db/handoff');
  });

  it('reads REGISTRATION: invite by default, or open; anything else stops the server', () => {
    expect(loadConfig({}).registration).toBe('invite');
    expect(loadConfig({ REGISTRATION: 'open' }).registration).toBe('open');
    expect(() => loadConfig({ REGISTRATION: 'closed' })).toThrow(/REGISTRATION/);
  });

  it('warns in one line of open registration that can mail anyone: no SIGNUP_DOMAINS, SMTP_URL set', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    const warning = openRegistrationWarning(loadConfig({ ...smtp, REGISTRATION: 'open' }));
    expect(warning).toMatch(
      /^REGISTRATION=open without SIGNUP_DOMAINS: anyone who can reach Handoff may register/,
    );
    expect(warning).not.toContain('\n');
    expect(openRegistrationWarning(loadConfig(smtp))).toBeUndefined();
    expect(openRegistrationWarning(loadConfig({ REGISTRATION: 'open' }))).toBeUndefined();
    expect(
      openRegistrationWarning(loadConfig({ ...smtp, REGISTRATION: 'open', SIGNUP_DOMAINS: 'example.com' })),
    ).toBeUndefined();
  });

  it('reads TRACKER_ALLOWED_HOSTS and WRITE_BACK_QUIET_SECONDS, naming a bad value', () => {
    const { names, ranges } = loadConfig({
      TRACKER_ALLOWED_HOSTS: 'Jira.Corp.Local., 10.20.0.0/16, 192.168.1.5, [fd00::1]',
    }).trackerAllowedHosts;
    expect([...names]).toEqual(['jira.corp.local']);
    expect(ranges.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '10.20.0.0/16',
      '192.168.1.5/32',
      'fd00::1/128',
    ]);
    expect(() => loadConfig({ TRACKER_ALLOWED_HOSTS: '10.0.0.0/99' })).toThrow(
      /TRACKER_ALLOWED_HOSTS: 10\.0\.0\.0\/99 is not a host name, IP address or CIDR range/,
    );
    expect(loadConfig({}).writeBackQuietMs).toBe(120_000);
    expect(loadConfig({ WRITE_BACK_QUIET_SECONDS: '0.5' }).writeBackQuietMs).toBe(500);
    expect(() => loadConfig({ WRITE_BACK_QUIET_SECONDS: '-1' })).toThrow(/WRITE_BACK_QUIET_SECONDS/);
  });

  it('reads SIGNUP_DOMAINS as lower-case domains', () => {
    expect(loadConfig({ SIGNUP_DOMAINS: 'Example.com, @client.test' }).signupDomains).toEqual([
      'example.com',
      'client.test',
    ]);
    expect(loadConfig({}).signupDomains).toEqual([]);
  });

  it('reads REVIEW_LINK_DAYS, 30 by default', () => {
    expect(loadConfig({}).reviewLinkDays).toBe(30);
    expect(loadConfig({ REVIEW_LINK_DAYS: '7' }).reviewLinkDays).toBe(7);
    expect(() => loadConfig({ REVIEW_LINK_DAYS: '0' })).toThrow(/REVIEW_LINK_DAYS/);
  });

  it('allows fractional auto-send intervals', () => {
    expect(loadConfig({ AUTOSEND_INTERVAL_MINUTES: '0.05' }).autosendIntervalMs).toBe(3000);
  });
});

describe('secrets on PostgreSQL', () => {
  it('gives every server sharing the database the same identity API key, derived from SECRET_KEY', async () => {
    const env = { DATABASE_URL: 'postgres://db/handoff', SECRET_KEY: 's'.repeat(40) };
    const one = await resolveSecrets(loadConfig({ ...env, DATA_DIR: '/nonexistent/one' }));
    const two = await resolveSecrets(loadConfig({ ...env, DATA_DIR: '/nonexistent/two' }));
    expect(one.identityApiKey).toMatch(/^hk_[\w-]{24}$/);
    expect(two.identityApiKey).toBe(one.identityApiKey);
    expect(one.secretKey).toBe(env.SECRET_KEY);
    const other = await resolveSecrets(loadConfig({ ...env, SECRET_KEY: 't'.repeat(40) }));
    expect(other.identityApiKey).not.toBe(one.identityApiKey);
  });
});
