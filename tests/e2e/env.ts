// Where the end-to-end server runs and which account it bootstraps. E2E_PORT and E2E_CLIENT_DIR
// let several runs share a machine (each with its own port, database and client build).
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve('.tmp', `e2e-data-${E2E_PORT}`);
export const E2E_CLIENT_DIR = path.resolve(process.env.E2E_CLIENT_DIR ?? path.join('dist', 'client'));
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };
