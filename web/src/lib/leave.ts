/**
 * Leaves the app for another page (the provider's sign-in or logout, a `continue` address):
 * a full page load. One function, so tests can watch where the app would go.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
