/** Only same-site paths are followed after sign-in (the server checks too). */
export function safeCallbackUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  return value.startsWith('/sign-in') ? '/' : value;
}
