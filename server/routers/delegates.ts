import { router } from '../trpc/init';

// Procedures of PRODUCT.md section 7 for this router are being added.
export const delegatesRouter = router({});
