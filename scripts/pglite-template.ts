/**
 * The last step of `npm run build`: a migrated PGlite data directory in dist/pglite-template, which a
 * first start on the embedded database copies instead of running initdb (see src/db/pglite-template.ts).
 * Kept when it is already of the installed PGlite and the current migrations.
 */
import { PGLITE_TEMPLATE, writePgliteTemplate } from '../src/db/pglite-template.js'

await writePgliteTemplate(PGLITE_TEMPLATE)
