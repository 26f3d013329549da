import { setupServer } from 'msw/node';
import { apiHandlers } from './handlers/api';
import { identityHandlers } from './handlers/identity';
import { projectHandlers } from './handlers/projects';

export const server = setupServer(...apiHandlers, ...projectHandlers, ...identityHandlers);
