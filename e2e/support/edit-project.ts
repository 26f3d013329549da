import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Opens a project's edit screen once every section has loaded: a section's fields are there to fill only
 * then (skeletons hold their place meanwhile), and its settings are saved only once they were loaded.
 */
export async function openEditProject(page: Page, projectKey: string): Promise<void> {
  await page.goto(`/admin/edit-project?key=${encodeURIComponent(projectKey)}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Update Project' })).toBeEnabled();
}

/** Sets the project's Client language on its edit screen and saves it. */
export async function setClientLanguage(page: Page, projectKey: string, language: string): Promise<void> {
  await openEditProject(page, projectKey);
  await page.getByLabel('Client language').selectOption({ label: language });
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been successfully updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
}
