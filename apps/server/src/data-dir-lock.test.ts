import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('the data-directory lock', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second holder with a message that says what to do, and frees the directory on release', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'handoff-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `Another Handoff server is already using the data directory ${dir}. Stop it, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).`,
    );
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('creates DATA_DIR readable by its owner only, and makes an existing one private', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'handoff-lock-'));
    const fresh = path.join(dir, 'new', 'data');
    await (await lockDataDir(fresh))();
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);

    await chmod(dir, 0o755);
    await (await lockDataDir(dir))();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
