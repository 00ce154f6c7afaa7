// ESLint import resolver for the `@shared/*` alias (tsconfig.base.json's paths): `@shared/x` is
// shared/x, resolved as the node resolver would the relative path; anything else is left to the
// resolvers after this one. Resolved, the alias's imports count for import/no-cycle and the
// import/no-restricted-paths zones as relative ones do.
const { join } = require('node:path');
const node = require('eslint-import-resolver-node');

const SHARED = join(__dirname, '..', 'shared');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

/** `@shared/x` as the file shared/x; `{ found: false }` for every other import. */
exports.resolve = (source, file) =>
  source.startsWith('@shared/')
    ? node.resolve(join(SHARED, source.slice('@shared/'.length)), file, { extensions: EXTENSIONS })
    : { found: false };
