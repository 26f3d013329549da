// Bundles the server into dist/main.js. Our own workspace packages (@handoff/*) are TypeScript
// sources, so they are bundled in; every other package stays an ordinary runtime import.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages-but-ours',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@handoff/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
