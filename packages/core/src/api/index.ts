// The product API's wire format (docs/product.md §7) as zod schemas: the server validates and documents its
// routes with them (/openapi.json); the web app imports their types only (`import type`), so zod never
// reaches the browser. Request types are z.input (what a client sends), answers z.infer.
export * from './accounts.ts';
export * from './errors.ts';
export * from './notifications.ts';
export * from './projects.ts';
export * from './review.ts';
export * from './runtime-config.ts';
export * from './sends.ts';
export * from './sites.ts';
export * from './stories.ts';
export * from './tracker.ts';
export * from './workspaces.ts';
