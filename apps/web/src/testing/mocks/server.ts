import { setupServer } from 'msw/node';
import { apiHandlers } from './handlers/api';
import { identityHandlers } from './handlers/identity';

export const server = setupServer(...apiHandlers, ...identityHandlers);
