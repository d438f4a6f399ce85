import contentJson from '../content/recordings/content.json';
import type { ContentRecording } from './recordings';
import { forgetInlineContent, INLINE_CONTENT_ID, type AllContent, type Dictionary, type MerchantFlow } from '../content/hooks';

export const content = contentJson as unknown as ContentRecording;
export const en = content.en as unknown as { merchantFlow: MerchantFlow; dictionary: Dictionary; all: AllContent };
export const es = content.es as unknown as { merchantFlow: MerchantFlow; dictionary: Dictionary; all: AllContent };

/**
 * Writes `#pp-content` as the BFF does (`bff/src/web/pages.rs`) and makes the app read it
 * again; the test's `afterEach` removes it (`clearInlinePage`).
 */
export function inlinePage(value: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_CONTENT_ID;
  script.textContent = JSON.stringify(value);
  document.head.append(script);
  forgetInlineContent();
}

/** Removes what `inlinePage` wrote. */
export function clearInlinePage() {
  document.getElementById(INLINE_CONTENT_ID)?.remove();
  forgetInlineContent();
}
