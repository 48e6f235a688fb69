/**
 * Permissions the renderer may get without asking: copying text (e.g. a measurement snippet)
 * to the clipboard. Camera, microphone, geolocation, notifications and the rest are refused.
 */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission);
}
