const TRACKING_KEY = 'pp.trackingId';

let memoryTrackingId: string | undefined;

/** One UUID v4 per browser-tab session, kept in sessionStorage. */
export function getTrackingId(): string {
  try {
    const stored = sessionStorage.getItem(TRACKING_KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    sessionStorage.setItem(TRACKING_KEY, id);
    return id;
  } catch {
    memoryTrackingId ??= crypto.randomUUID();
    return memoryTrackingId;
  }
}
