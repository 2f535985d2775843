import { writeEmbeddedTemplate } from './embedded-template';

// Run by the build (apps/api/scripts/build.mjs): node dist/embedded-template.js <file>
const file = process.argv[2];
if (!file) {
  console.error('Usage: node dist/embedded-template.js <file>');
  process.exit(2);
}
await writeEmbeddedTemplate(file, 'gzip');
