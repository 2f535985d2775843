// Keeps the web app's imports flowing one way: shared code (components, lib,
// stores, config) -> features -> app. A feature never imports another feature,
// and shared code never imports a feature or the app shell.
import path from 'node:path';

function layerOf(file) {
  const match = file.split(path.sep).join('/').match(/apps\/web\/src\/([^/]+)(?:\/([^/]+))?/);
  if (!match) return null;
  const [, top, sub] = match;
  if (top === 'features') return { layer: 'feature', name: sub };
  if (top === 'app' || top === 'main.tsx') return { layer: 'app' };
  return { layer: 'shared' };
}

export const boundaries = {
  rules: {
    'web-import-direction': {
      meta: { type: 'problem', messages: { banned: '{{from}} must not import {{to}} (imports flow shared -> features -> app).' } },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const to = layerOf(path.resolve(path.dirname(context.filename), source));
            if (!to) return;
            const crossFeature = from.layer === 'feature' && to.layer === 'feature' && from.name !== to.name;
            const upward = (from.layer === 'shared' && to.layer !== 'shared') || (from.layer === 'feature' && to.layer === 'app');
            if (crossFeature || upward) {
              const label = (l) => (l.layer === 'feature' ? `feature "${l.name}"` : `${l.layer} code`);
              context.report({ node, messageId: 'banned', data: { from: label(from), to: label(to) } });
            }
          },
        };
      },
    },
  },
};
