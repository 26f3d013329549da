import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import {
  build,
  type ConfigEnv,
  type HtmlTagDescriptor,
  type Plugin,
  type ResolvedConfig,
  type Rollup,
} from 'vite';
import { defineConfig } from 'vitest/config';
import { paths } from './src/config/paths.ts';
import { storageKeys } from './src/config/storage-keys.ts';

/** The page most visitors open first; its chunks are preloaded by index.html. */
const firstPage = 'src/app/routes/auth/login.tsx';
/** What a signed-in visitor opens first (/admin/index in the admin layout); preloaded by admin.html. */
const firstAdminPage = ['src/app/routes/admin/admin-layout.tsx', 'src/app/routes/admin/projects.tsx'];

type Bundle = Rollup.OutputBundle;

/**
 * The preload links of the route modules `pages` and their whole static import tree (a chunk two
 * imports away was otherwise found only after its importer arrived: one more round trip), without the
 * entry chunk, which the page loads anyway.
 */
function routePreloads(bundle: Bundle, pages: readonly string[]): Record<string, string>[] {
  const files = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && pages.some((page) => chunk.facadeModuleId?.endsWith(page))) {
      files.add(chunk.fileName);
    }
  }
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) files.add(imported);
  }
  const links: Record<string, string>[] = [];
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || chunk.isEntry) continue;
    links.push({ rel: 'modulepreload', href: `/${file}` });
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      links.push({ rel: 'preload', href: `/${css}`, as: 'style' });
    }
  }
  return links;
}

/**
 * index.html asks for everything the first page needs at once, instead of learning of it from the
 * entry script: /config.json (fetched by main.tsx before the first render) and the login route's
 * chunks. admin.html, which the server answers under /admin/, is the same page preloading the admin
 * layout and the projects screen instead. Links only: the security policy allows no inline script.
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'handoff-preload-first-page',
    apply: isBrowserBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, path: page }) {
        // Only the admin app's page: the review page loads nothing of it.
        if (page !== '/index.html' || !bundle) return [];
        return [
          { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: '' },
          ...routePreloads(bundle, [firstPage]),
        ].map((attrs): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' }));
      },
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const indexPage = await readFile(path.join(dir, 'index.html'), 'utf8');
      const adminPage = withRouteLinks(indexPage, routePreloads(bundle, firstAdminPage));
      await writeWithCompressedCopies(path.join(dir, 'admin.html'), Buffer.from(adminPage));
    },
  };
}

/** index.html's links to the login route's chunks and stylesheets: a page made from it links its own. */
const loginRouteLink = /^\s*<link rel="(modulepreload|preload)" href="\/assets\/[^"]+"[^>]*>\n/gm;

/** `indexPage` with `links` in its head instead of the login route's. */
function withRouteLinks(indexPage: string, links: Record<string, string>[]): string {
  const lines = links
    .map(
      (attrs) =>
        `    <link ${Object.entries(attrs)
          .map(([name, value]) => `${name}="${value}"`)
          .join(' ')}>\n`,
    )
    .join('');
  return indexPage.replace(loginRouteLink, '').replace('  </head>', () => `${lines}  </head>`);
}

/** The module that renders the pre-rendered pages at build time (Vite's SSR build of it runs in Node). */
const pageRenderer = 'src/prerender/pages.tsx';

interface PageRenderer {
  renderLoginPage(): Promise<string>;
  renderAdminIndex(demoTracker: boolean): Promise<string>;
}

/**
 * A page the build renders ahead (src/prerender/pages.tsx). `adopt`: how main.tsx takes it over, by
 * hydrating it (the app's first render is the very same markup) or by rendering the app in its place (the
 * markup is the app's first frame without the visitor's data). `gate`: where its start script sends a
 * visitor at once, as the app's sign-in gates would one second later (app/gates.tsx).
 */
interface PrerenderedPage {
  file: string;
  render(renderer: PageRenderer): Promise<string>;
  adopt: 'hydrate' | 'replace';
  /** The route modules whose chunks the start script imports and whose stylesheets the page links. */
  routes: readonly string[];
  start: 'login' | 'admin-index';
  gate: { whenSignedIn: string } | { whenSignedOut: string };
  /**
   * The page's user menu names the account: the start script writes the stored e-mail into it
   * (`data-account-name`, `data-account-initial` in features/shell/components/user-dropdown.tsx) once the
   * page is parsed, before it paints as a rule, so the app's first frame changes nothing there.
   */
  namesAccount?: boolean;
}

const prerenderedPages: readonly PrerenderedPage[] = [
  {
    file: 'login.html',
    render: (renderer) => renderer.renderLoginPage(),
    adopt: 'hydrate',
    routes: [firstPage],
    start: 'login',
    gate: { whenSignedIn: paths.admin.index },
  },
  ...[false, true].map(
    (demoTracker): PrerenderedPage => ({
      file: demoTracker ? 'admin-index-demo.html' : 'admin-index.html',
      render: (renderer) => renderer.renderAdminIndex(demoTracker),
      adopt: 'replace',
      routes: firstAdminPage,
      start: 'admin-index',
      gate: { whenSignedOut: paths.auth.login },
      namesAccount: true,
    }),
  ),
];

/**
 * The pages a visitor opens first, rendered by the build with the real components: login.html, which the
 * server answers for /auth/login, and admin-index.html (admin-index-demo.html with the demo tracker),
 * answered for /admin/index. Each is index.html with the page rendered into #root, so that the first paint
 * needs only the HTML and the stylesheets (the route's stylesheets are linked as render-blocking ones, not
 * just preloaded). The app's scripts are requested only once that paint is on the screen, by a small start
 * script (an external file: the security policy allows no inline script): requested with the stylesheet,
 * they would share its bandwidth, and Lighthouse's simulation counts every module that arrived before the
 * first paint as needed for it (measured: FCP and LCP 1.6-1.7 s with or without the pre-rendered login
 * screen; 0.95 and 1.03 s with the start script; bench/lighthouse.bench.ts).
 */
function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const startScripts = new Map<PrerenderedPage['start'], string>();
  return {
    name: 'handoff-prerender-pages',
    apply: isBrowserBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const main = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === 'index',
      );
      if (!main) throw new Error("The build has no entry chunk for index.html's script");
      for (const page of prerenderedPages) {
        if (startScripts.has(page.start)) continue;
        const imports = routePreloads(bundle, page.routes).flatMap(({ rel, href }) =>
          rel === 'modulepreload' && href ? [href] : [],
        );
        const reference = this.emitFile({
          type: 'asset',
          name: `${page.start}-start.js`,
          source: startScript([`/${main.fileName}`, ...imports], page),
        });
        startScripts.set(page.start, `/${this.getFileName(reference)}`);
      }
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      // Inside node_modules, so that Node finds the externalised packages (react, react-dom) from there.
      const outDir = path.join(config.root, 'node_modules', '.cache', 'handoff-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: pageRenderer, outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
      });
      const rendererFile = pathToFileURL(path.join(outDir, `${path.basename(pageRenderer, '.tsx')}.js`));
      const renderer = (await import(rendererFile.href)) as PageRenderer;
      const indexPage = await readFile(path.join(dir, 'index.html'), 'utf8');
      const emptyRoot = '<div id="root"></div>';
      const mainScript = /<script type="module" crossorigin src="\/assets\/[^"]+"><\/script>/;
      if (!indexPage.includes(emptyRoot) || !mainScript.test(indexPage)) {
        throw new Error(`index.html has no ${emptyRoot} or no main script`);
      }
      for (const page of prerenderedPages) {
        const markup = await page.render(renderer);
        const stylesheets = routePreloads(bundle, page.routes).flatMap(({ as, href }) =>
          as === 'style' && href ? [{ rel: 'stylesheet', href }] : [],
        );
        const html = withRouteLinks(indexPage, stylesheets)
          .replace(emptyRoot, () => `<div id="root" data-prerendered="${page.adopt}">${markup}</div>`)
          .replace(mainScript, `<script src="${startScripts.get(page.start)}"></script>`);
        await writeWithCompressedCopies(path.join(dir, page.file), Buffer.from(html));
      }
    },
  };
}

/**
 * The script a pre-rendered page starts the app with. First, as the app's sign-in gates would: a visitor
 * who is signed in (or out) is sent on at once, and sees nothing of this page. Once the page has been
 * parsed, it waits for the page to be on the screen (the first contentful paint, 3 s at most; at once in a
 * hidden tab, which paints nothing; one frame in a browser that does not report paints), then imports the
 * main chunk and the route's chunks. It is a classic script, run before the page is parsed. Until the app
 * has taken over (main.tsx sets `data-started` on #root), every submission and every click of a
 * `type=button` button in #root is this script's alone: it stops the event before it reaches React, which
 * may already listen while it hydrates (and would then act on a state that lacks what was typed), prevents
 * a form's native submission (which would put the password in the URL), and notes the control's place among
 * the page's forms and buttons in #root's `data-early` (comma-separated), once per press, for main.tsx to act on once.
 */
function startScript(imports: string[], { gate, namesAccount }: PrerenderedPage): string {
  const signedIn = `localStorage.getItem(${JSON.stringify(storageKeys.authToken)})`;
  const nameAccount = namesAccount
    ? `addEventListener("DOMContentLoaded",()=>{try{const e=localStorage.getItem(${JSON.stringify(storageKeys.userEmail)});if(e)for(const[s,t]of[["[data-account-name]",e],["[data-account-initial]",e.charAt(0).toUpperCase()]])document.querySelector(s).textContent=t}catch{}});\n`
    : '';
  const sendOn =
    'whenSignedIn' in gate
      ? `${signedIn}&&location.replace(${JSON.stringify(gate.whenSignedIn)})`
      : `${signedIn}||(document.documentElement.style.visibility="hidden",location.replace(${JSON.stringify(gate.whenSignedOut)}))`;
  // A block: its names stay out of the page's global scope. Importing a route chunk at once does what a
  // modulepreload link would (it runs only after the main chunk it imports), in fewer bytes. Storage may be
  // off (it throws): the app then decides.
  return `{try{${sendOn}}catch{}${nameAccount}const hold=(e,t)=>{const r=document.getElementById("root");if(!r?.contains(t)||r.hasAttribute("data-started"))return;e.preventDefault();e.stopImmediatePropagation();r.dataset.early=[r.dataset.early,[...r.querySelectorAll("form,button")].indexOf(t)]};
addEventListener("submit",e=>hold(e,e.target),!0);
addEventListener("click",e=>hold(e,e.target.closest?.("button[type=button]")),!0);
let s=0;const start=()=>{s||(s=1,${JSON.stringify(imports)}.map(m=>import(m)))};
addEventListener("DOMContentLoaded",()=>{document.hidden?start():PerformanceObserver.supportedEntryTypes?.includes("paint")?(new PerformanceObserver(l=>{l.getEntriesByName("first-contentful-paint").length&&start()}).observe({type:"paint",buffered:!0}),setTimeout(start,3e3)):requestAnimationFrame(()=>setTimeout(start))})}
`;
}

/** The browser build's plugins; Vite's SSR build of the login page renderer has none of them. */
function isBrowserBuild(_config: unknown, env: ConfigEnv): boolean {
  return env.command === 'build' && !env.isSsrBuild;
}

/** Modules the sign-in pages share (their own route modules stay apart). */
const signInShared =
  /\/src\/(components\/(ui\/(form-field|busy-button|result-dialog|use-modal|icons|spinner)|layouts\/auth-layout)|features\/auth\/(api\/password-reset|components\/submit-button)|lib\/pending-join)\.tsx?$|\/packages\/core\/src\/(texts|email-entry)\.ts$/;

/**
 * What /admin/index needs besides the entry chunk (the admin layout, the projects screen and what they
 * import) in one chunk: as two dozen small ones, admin.html's preloads queued behind each other on a
 * phone's six connections. The entry's own modules stay out of it (the login page would download it).
 */
const adminStart =
  /\/src\/(app\/routes\/admin\/(admin-layout|projects)|features\/(shell|projects|team|workspaces)\/|components\/(ui\/(?!progress-bar|navigation-progress)|layouts\/(?!root-layout))|api\/|stores\/(?!app-store))/;

/** The built HTML pages: the admin app, and the client's review page (its own entry, without the admin app). */
const htmlPages = ['index.html', 'review.html'];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes `data` to `target` with a brotli and a gzip copy beside it; the server sends them by Accept-Encoding. */
async function writeWithCompressedCopies(target: string, data: Buffer): Promise<void> {
  const [br, gzipped] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([
    writeFile(target, data),
    writeFile(`${target}.br`, br),
    writeFile(`${target}.gz`, gzipped),
  ]);
}

/** Writes a brotli and a gzip copy of every hashed asset and of the HTML pages. */
function precompressAssets(): Plugin {
  return {
    name: 'handoff-precompress',
    apply: isBrowserBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter(
            (file) =>
              htmlPages.includes(file.fileName) ||
              (file.fileName.startsWith('assets/') && /\.(js|css|svg|json)$/.test(file.fileName)),
          )
          .map((file) =>
            writeWithCompressedCopies(
              path.join(dir, file.fileName),
              Buffer.from(file.type === 'chunk' ? file.code : file.source),
            ),
          ),
      );
    },
  };
}

/** `npm run dev`: /review/{token} is the review page, as the server answers it in production. */
function reviewPageInDev(): Plugin {
  return {
    name: 'handoff-review-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.startsWith('/review/')) request.url = '/review.html';
        next();
      });
    },
  };
}

// Paths the single Node server answers; the dev server forwards them so `npm run dev` talks to it.
const serverTarget = 'http://127.0.0.1:3000';
const proxiedPaths = [
  '/jira',
  '/config.json',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/.well-known',
  '/rest',
];

/**
 * React Router's package exports name only its development build (warnings and checks left in);
 * the build uses the production one it ships beside it, smaller and without the development checks.
 */
const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadFirstPage(), prerenderPages(), precompressAssets(), reviewPageInDev()],
  resolve: {
    // '/src' is resolved from the project root (this folder) by Vite and Vitest alike.
    alias: [{ find: '@', replacement: '/src' }, ...(command === 'build' ? reactRouterProduction : [])],
  },
  build: {
    outDir: 'dist',
    // Lets scripts/login-bundle-size.mjs follow the chunks /auth/login loads.
    manifest: true,
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself; older ones merely load them without it.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: Object.fromEntries(htmlPages.map((page) => [page.replace(/\.html$/, ''), page])),
      output: {
        // Chunk and asset names carry short hex hashes: the entry chunk lists every chunk's and stylesheet's file, and
        // 6 hex digits compress better than 8 base64 ones (the login budget counts the gzipped bytes); 24 bits
        // still tell one build's file from the next.
        hashCharacters: 'hex',
        chunkFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
        // What the sign-in pages share (form fields, the result dialog, their layout, @handoff/core's texts) in
        // one chunk rather than a dozen small ones, each of which costs the login page a request and some
        // compression; the login bundle budget counts every byte.
        codeSplitting: {
          groups: [
            { name: 'sign-in', test: signInShared, includeDependenciesRecursively: false, priority: 2 },
            { name: 'admin-start', test: adminStart, includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: serverTarget, changeOrigin: false }]),
    ),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    // One jsdom and module graph per worker, not per file (it halves the project's time); setup-tests.ts
    // empties what a test leaves behind (the document, storage, mocks, request handlers).
    isolate: false,
    // npm test runs this beside the browser tests and the type check on two cores: a screen's first
    // render (lazy route, jsdom) can take several seconds there, which the 5 s default does not allow.
    testTimeout: 20_000,
  },
}));
