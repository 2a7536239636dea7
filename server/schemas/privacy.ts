// "Find a person": the address whose records are found, exported or erased. Zod only.
import { z } from 'zod';
import { requiredEmail } from './common';

export const personInput = z.object({ email: requiredEmail() });
