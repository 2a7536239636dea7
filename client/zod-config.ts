// Imported first by main.tsx, before any schema is created: zod's optional speed-up compiles
// parsers with `new Function`, which the site's Content-Security-Policy forbids (no 'unsafe-eval'
// for scripts); its mere feature probe would be reported as a policy violation. jitless parses the
// same way without it.
import { z } from 'zod';

z.config({ jitless: true });
