// esbuild plugin for the webview bundle: removes the two HTML-string sinks that third-party code
// would otherwise bring in, so the bundle holds no `innerHTML` at all (a test greps for it).
// - d3-selection's selection.html() sets innerHTML; the webview never calls it, so it now throws.
// - lit-html (under @vscode-elements) parses its own constant template strings with innerHTML on a
//   <template>; it now parses them with DOMParser, which builds an inert document (no scripts run,
//   no resources load) and moves the nodes into the template's content.
// The build fails if a pattern is missing, so a dependency upgrade cannot silently bring a sink back.
import { readFile } from 'node:fs/promises';

const PATCHES = [
  {
    file: /[\\/]d3-selection[\\/]dist[\\/]d3-selection\.mjs$/,
    find: /function htmlRemove\(\) \{[\s\S]*?\n\}\n\nfunction htmlConstant[\s\S]*?\n\}\n\nfunction htmlFunction[\s\S]*?\n\}\n\nfunction selection_html\(value\) \{[\s\S]*?\n\}\n/,
    replace: 'function selection_html() {\n  throw new Error("selection.html() is disabled in the Memory Lens webview: use text()");\n}\n',
  },
  {
    file: /[\\/]lit-html[\\/]lit-html\.js$/,
    find: /return (\w+)\.innerHTML=(\w+),\1\}/,
    replace: (_m, s, t) =>
      `return ${s}.content.append(...new DOMParser().parseFromString("<template>"+${t}+"</template>","text/html").querySelector("template").content.childNodes),${s}}`,
  },
];

/** esbuild plugin that rewrites the known HTML-string sinks of d3-selection and lit-html. */
export function safeHtmlSinks() {
  return {
    name: 'safe-html-sinks',
    setup(build) {
      for (const patch of PATCHES) {
        build.onLoad({ filter: patch.file }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          if (!patch.find.test(source)) {
            throw new Error(`safe-html-sinks: pattern not found in ${args.path}; update webview/build/safeHtmlSinks.mjs`);
          }
          return { contents: source.replace(patch.find, patch.replace), loader: 'js' };
        });
      }
    },
  };
}
