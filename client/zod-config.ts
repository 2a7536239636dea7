// Imported first by every lazily loaded chunk that creates schemas (the booking and manage pages,
// the contact form, each back-office and sign-in screen), before any schema is created; not by
// main.tsx, so zod stays out of the first bundle every visitor downloads. zod's optional speed-up compiles
// parsers with `new Function`, which the site's Content-Security-Policy forbids (no 'unsafe-eval'
// for scripts); its mere feature probe would be reported as a policy violation. jitless parses the
// same way without it.
import { z } from 'zod';

z.config({ jitless: true });
