import { setupServer } from 'msw/node';
import { apiHandlers } from './handlers/api';
import { identityHandlers } from './handlers/identity';
import { projectHandlers } from './handlers/projects';
import { reviewHandlers } from './handlers/review';
import { teamHandlers } from './handlers/team';

export const server = setupServer(
  ...apiHandlers,
  ...projectHandlers,
  ...reviewHandlers,
  ...teamHandlers,
  ...identityHandlers,
);
