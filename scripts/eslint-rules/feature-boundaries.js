import path from 'node:path';

// One feature, one folder (docs/architecture.md 'Layers'): a file of a feature imports another
// feature only through that feature's index.ts, on the hub (server/features/<feature>/) as in the
// renderer (renderer/features/<feature>/). The hub's other files (plugins, db, seed) do the same;
// only its composition roots (app.ts, start.ts, cli.ts, embedded-entry.ts) import a feature's
// *-routes.ts files to register them. Tests may reach anywhere.

const FEATURE = /(?:^|\/)(server|renderer)\/features\/([^/]+)(?:\/(.*))?$/;
const SERVER_ROOT = /(?:^|\/)server\/(app|start|cli|embedded-entry)\.ts$/;

/** Where a path sits: its layer and feature, and the rest of its path inside the feature. */
function placeOf(file) {
  const m = FEATURE.exec(file.split(path.sep).join('/'));
  return m ? { layer: m[1], feature: m[2], rest: m[3] ?? '' } : null;
}

const isIndex = (rest) => rest === '' || /^index(\.tsx?)?$/.test(rest);

export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      reach: "'{{spec}}' reaches into the {{feature}} feature's files: import from its index.ts ('{{index}}') and export what is needed there.",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename.split(path.sep).join('/');
    if (/\.test\.tsx?$/.test(filename) || /(?:^|\/)tests\//.test(filename)) return {};
    const own = placeOf(filename);
    const inServer = /(?:^|\/)server\//.test(filename);
    if (!own && !inServer) return {};
    const root = SERVER_ROOT.test(filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = placeOf(path.posix.normalize(path.posix.join(path.posix.dirname(filename), spec)));
      if (!target || (own && target.layer === own.layer && target.feature === own.feature)) return;
      if (own && target.layer !== own.layer) return; // another layer: the layering rules decide
      if (isIndex(target.rest)) return;
      if (root && /-routes(\.ts)?$/.test(target.rest)) return;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(filename), spec));
      const folder = resolved.slice(0, resolved.indexOf(`${target.layer}/features/${target.feature}`)) + `${target.layer}/features/${target.feature}`;
      const index = path.posix.relative(path.posix.dirname(filename), folder) || '.';
      context.report({ node, messageId: 'reach', data: { spec, feature: target.feature, index } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
