/**
 * Build steps of the web app that serve the BFF (ARCHITECTURE.md "First load"):
 *
 * - `precompress`: every text asset of `dist/` written once more as `<file>.br` (brotli,
 *   quality 11) and `<file>.gz` (gzip, level 9), so the BFF sends the smallest encoding without
 *   compressing per request;
 * - `appRoutes`: `dist/app-routes.json`, the pages the app knows (anything else under a locale
 *   answers 404), per flow the chunks and styles its first screen needs (the BFF writes them
 *   into the page as `modulepreload` and `stylesheet` links, so they load beside the entry
 *   instead of after it) and the content bundles it reads first (the BFF writes them into the
 *   page, `web/src/content/hooks.ts` `inlineContent`);
 * - `inlineIcon`: the page's SVG icon written into `index.html` as a `data:` URL.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { runnerImport, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { ContentNeed, FlowDef } from '../src/lib/flows';

const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * `index.html`'s `<link rel="icon">` of an SVG in `public/` written as a `data:` URL: Chrome asks
 * for a page's icon right after its first paint, and Lighthouse's simulated LCP counted that
 * request (ARCHITECTURE.md "First load"); inline, every page makes one request fewer.
 */
export function inlineIcon(root: string): Plugin {
  return {
    name: 'pp-inline-icon',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(/(<link rel="icon" href=")(\/[^"]+\.svg)(")/, (_, open: string, href: string, close: string) => {
        const svg = readFileSync(join(root, 'public', href), 'utf8').trim().replace(/\s+/g, ' ').replaceAll('"', "'");
        // only what a URL in a double-quoted attribute cannot hold is escaped: about 20 % shorter
        // than encodeURIComponent, and it stays readable
        return `${open}data:image/svg+xml,${svg.replace(/[%#<>"{}\n]/g, encodeURIComponent)}${close}`;
      });
    },
  };
}

/** One flow in `app-routes.json`. */
interface FlowRoutes {
  base: string;
  /** Page paths below the base (`""` is the base itself); the flow's own `404` page is not one. */
  pages: string[];
  preload: string[];
  styles: string[];
  content: readonly ContentNeed[];
  /** `GET` paths the first screen calls, preloaded with the page. */
  calls: readonly string[];
}

function isFlowDef(v: unknown): v is FlowDef {
  return typeof v === 'object' && v !== null && 'base' in v && 'pages' in v && 'firstContent' in v;
}

/** The chunk and everything it imports statically, entry chunk excluded. */
function closure(bundle: OutputBundle, start: OutputChunk, entry: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName) || chunk === entry || entry.imports.includes(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/** A chunk of style sheets only (Vite removes its empty script once the bundle is written). */
function stylesOnly(chunk: OutputChunk): boolean {
  const ids = Object.keys(chunk.modules);
  return ids.length > 0 && ids.every((id) => /\.css($|\?)/.test(id));
}

export function appRoutes(root: string): Plugin {
  return {
    name: 'pp-app-routes',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('app-routes: no entry chunk');
      const { module: lib } = await runnerImport<typeof import('../src/lib/flows')>(join(root, 'src/lib/flows.ts'), {
        configFile: false,
        root,
        logLevel: 'silent',
      });
      const flows: FlowRoutes[] = [];
      const flowsDir = join(root, 'src', 'flows');
      for (const dir of readdirSync(flowsDir)) {
        const table = join(flowsDir, dir, 'routes.ts');
        if (!existsSync(table)) continue;
        const { module } = await runnerImport<Record<string, unknown>>(table, { configFile: false, root, logLevel: 'silent' });
        // the flow's screen: the chunk the app's routes import lazily whose module sits in the
        // flow's folder (not a part the screen itself loads lazily, e.g. the refill PIN tab)
        const screen = chunks.find(
          (c) =>
            c.isDynamicEntry &&
            entry.dynamicImports.includes(c.fileName) &&
            c.facadeModuleId?.startsWith(join(flowsDir, dir) + sep),
        );
        const needed = screen ? closure(bundle, screen, entry) : [];
        for (const def of Object.values(module).filter(isFlowDef)) {
          flows.push({
            base: def.base,
            pages: def.pages.filter((p) => p.id !== '404').map(lib.pagePath),
            // a chunk of styles alone (a style sheet several flows import) is no script: Vite
            // drops its empty file after this step, so it is no preload (it answered 404); its
            // style sheet stays in `styles`
            preload: needed.filter((c) => !stylesOnly(c)).map((c) => `/${c.fileName}`),
            styles: needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]).map((f) => `/${f}`),
            content: def.firstContent,
            calls: def.firstCalls ?? [],
          });
        }
      }
      const routes = {
        flows,
        // pages outside any flow (web/src/app/routes.tsx, app/pages.tsx)
        shared: [{ path: 'error', content: lib.sharedPageContent }],
        notFoundContent: lib.sharedPageContent,
      };
      this.emitFile({ type: 'asset', fileName: 'app-routes.json', source: JSON.stringify(routes, null, 2) });
    },
  };
}
