import { delay, http, HttpResponse, type HttpHandler } from 'msw';

/** One recorded BFF exchange (query without trackingId). */
export interface Exchange {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  status: number;
  body: unknown;
}

export interface ScenarioInput {
  street: string;
  unit?: string;
  zip: string;
  pickUnit?: string;
  deviceCode?: string;
  phone?: string;
}

export interface Scenario {
  id: string;
  title: string;
  flow: string;
  start: string;
  codes: string[];
  input: ScenarioInput;
  expect: { stage: string; message?: string; path?: string; coldTap?: boolean };
}

/** `web/src/flows/<flow>/recordings/<situation>.json`, written by `cargo run -p xtask -- record`. */
export interface Recording {
  scenario: Scenario;
  /** A signed-in flow's page the story starts at, below `/{locale}` (`xtask/src/record_signed_in.rs`). */
  page?: string;
  exchanges: Exchange[];
}

export interface LocaleContent {
  merchantFlow: unknown;
  dictionary: unknown;
  buyflow: unknown;
  all: unknown;
  accountDashboard: unknown;
  activation: unknown;
}

/** `web/src/content/recordings/content.json`. */
export type ContentRecording = Record<'en' | 'es', LocaleContent>;

export interface HandlerOptions {
  /** Paths whose answers never come (to show a loading stage). */
  hold?: string[];
  /** Delay before each recorded answer, in ms. */
  latency?: number;
}

const CONTENT_AREAS: Record<string, keyof LocaleContent> = {
  'merchant-flow': 'merchantFlow',
  dictionary: 'dictionary',
  buyflow: 'buyflow',
  all: 'all',
  'account-dashboard': 'accountDashboard',
  activation: 'activation',
};

/** Content and `/token` handlers from the content recording. */
export function contentHandlers(content: ContentRecording): HttpHandler[] {
  const answer = (locale: 'en' | 'es', site: unknown, area: unknown) => {
    const key = CONTENT_AREAS[String(area)];
    if (site !== 'my.prepaid' || !key) {
      return HttpResponse.json({ errorCode: 'NOT_FOUND', message: 'not found', requestId: 'recorded' }, { status: 404 });
    }
    return HttpResponse.json(content[locale][key] as Record<string, unknown>);
  };
  return [
    http.get('*/token', () => HttpResponse.json({ xsrfToken: 'recorded-xsrf-token' })),
    http.get('*/-/api/es/:site/:area', ({ params }) => answer('es', params.site, params.area)),
    http.get('*/-/api/:site/:area', ({ params }) => answer('en', params.site, params.area)),
  ];
}

function queryMatches(recorded: Record<string, string> | undefined, actual: URLSearchParams): boolean {
  return Object.entries(recorded ?? {}).every(([k, v]) => actual.get(k) === v);
}

/**
 * MSW handlers replaying a recording: GET matched by path and a subset of the query, POST by
 * path (in recorded order); plus the content and token handlers.
 */
export function recordingHandlers(
  recording: Recording,
  content: ContentRecording,
  options: HandlerOptions = {},
): HttpHandler[] {
  const used = new Set<Exchange>();
  const byKey = new Map<string, Exchange[]>();
  for (const exchange of recording.exchanges) {
    const key = `${exchange.method} ${exchange.path}`;
    byKey.set(key, [...(byKey.get(key) ?? []), exchange]);
  }
  const handlers: HttpHandler[] = [];
  for (const [key, exchanges] of byKey) {
    const [method, path] = key.split(' ') as [Exchange['method'], string];
    const resolver = async ({ request }: { request: Request }) => {
      if (options.hold?.includes(path)) await delay('infinite');
      if (options.latency) await delay(options.latency);
      const url = new URL(request.url);
      const candidates =
        method === 'GET' ? exchanges.filter((e) => queryMatches(e.query, url.searchParams)) : exchanges;
      const exchange = candidates.find((e) => !used.has(e)) ?? candidates[candidates.length - 1];
      if (!exchange) {
        return HttpResponse.json(
          { errorCode: 'NOT_FOUND', message: 'no recorded answer', requestId: 'recorded' },
          { status: 404 },
        );
      }
      used.add(exchange);
      return HttpResponse.json(exchange.body as Record<string, unknown>, { status: exchange.status });
    };
    const verb = method === 'GET' ? http.get : method === 'PUT' ? http.put : http.post;
    handlers.push(verb(`*${path}`, resolver));
  }
  const notRecorded = () =>
    HttpResponse.json({ errorCode: 'NOT_FOUND', message: 'not recorded', requestId: 'recorded' }, { status: 404 });
  return [
    ...handlers,
    ...contentHandlers(content),
    // a call the scenario never made (e.g. suggestions for a query nobody recorded)
    http.all('*/secure/*', notRecorded),
    http.all('*/secure2/*', notRecorded),
    http.all('*/van-service-api/*', notRecorded),
    http.all('*/oauth/*', notRecorded),
  ];
}
