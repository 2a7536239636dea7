// Where to go after sign-in. Its own module so the route tree and the sign-in page can both use it
// without importing each other.

/** Only paths inside the back office are followed after sign-in (no open redirect). */
export function safeAdminPath(path: string | undefined): string {
  return path !== undefined && /^\/admin\/(?!login|setup)[\w\-/]*$/.test(path) ? path : '/admin/dashboard';
}
