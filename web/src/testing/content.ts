import contentJson from '../content/recordings/content.json';
import type { ContentRecording } from './recordings';
import type { AllContent, Dictionary, MerchantFlow } from '../content/hooks';

export const content = contentJson as unknown as ContentRecording;
export const en = content.en as unknown as { merchantFlow: MerchantFlow; dictionary: Dictionary; all: AllContent };
export const es = content.es as unknown as { merchantFlow: MerchantFlow; dictionary: Dictionary; all: AllContent };
