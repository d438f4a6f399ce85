import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordingHandlers, type Recording } from '../../testing/recordings';
import { content, en, es } from '../../testing/content';
import { renderApp } from '../../testing/render';
import happy from './recordings/assign-success.json';
import multi from './recordings/address-large-building.json';
import notFound from './recordings/assign-bus-van-assign-015.json';
import postpaid from './recordings/existing-postpaid.json';
import failureStatus from './recordings/serviceability-status-failure.json';
import { retailHref } from './routes';

const server = setupServer();
const requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const SERVICEABILITY = '*/secure/api/v1/serviceability/address/validate-customer-serviceability';
const ASSIGN = '*/van-service-api/assign';

function use(recording: unknown) {
  server.use(...recordingHandlers(recording as Recording, content));
}

const stage = () => document.querySelector('[data-stage]')?.getAttribute('data-stage');

async function enterAddress(mf: typeof en.merchantFlow, street: string, zip: string) {
  const user = userEvent.setup();
  const ac = mf.addressCheck;
  await user.type(await screen.findByRole('combobox', { name: ac.streetLabel }), street);
  await user.type(screen.getByRole('textbox', { name: ac.zipLabel }), zip);
  await user.click(screen.getByRole('button', { name: ac.submit }));
  return user;
}

async function enterDevice(user: ReturnType<typeof userEvent.setup>, mf: typeof en.merchantFlow, code: string, phone: string) {
  const s = mf.serviceable;
  await user.type(await screen.findByRole('textbox', { name: s.deviceCodeLabel }), code);
  await user.type(screen.getByRole('textbox', { name: s.phoneLabel }), phone);
  expect(screen.getByRole('textbox', { name: s.phoneLabel })).toHaveValue(
    `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
  );
  await user.click(screen.getByRole('button', { name: s.submit }));
}

describe('retail flow with recorded answers', () => {
  it('walks to readytobuy in Spanish, sending the headers, digits and language', async () => {
    use(happy);
    renderApp(retailHref('es'));
    const mf = es.merchantFlow;
    const input = happy.scenario.input;
    const user = await enterAddress(mf, input.street, input.zip);
    await screen.findByRole('heading', { level: 1, name: mf.serviceable.heading });
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await enterDevice(user, mf, `${input.deviceCode.slice(0, 2)}a${input.deviceCode.slice(2)}`, input.phone);
    // the heads-up modal opens on arrival and hides the page behind it
    const dialog = await screen.findByRole('dialog');
    expect(stage()).toBe('readytobuy');

    const assign = requests.find((r) => r.method === 'POST')!;
    expect(assign.headers.get('x-xsrf-token')).toBe('recorded-xsrf-token');
    expect(assign.headers.get('source')).toBe('DIGITAL2.0');
    expect(assign.headers.get('trackingid')).toMatch(/^[0-9a-f-]{36}$/);
    const body = await assign.json();
    expect(body).toMatchObject({
      deviceCode: input.deviceCode,
      phoneNo: input.phone,
      language: 'Spanish',
      locationId: happy.exchanges[1]!.body.customerInfos![0]!.locationId,
    });
    const validate = requests.find((r) => r.url.includes('validate-customer-address'))!;
    const q = new URL(validate.url).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ addressLine1: input.street, addressLine2: '', city: '', state: '', zip: input.zip });
    expect(q.get('trackingId')).toBe(assign.headers.get('trackingid'));

    expect(within(dialog).getByRole('heading', { name: mf.readyToBuy.headsUpTitle })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: mf.readyToBuy.heading })).toBeInTheDocument();
    expect(screen.queryByTestId('cold-tap-note')).not.toBeInTheDocument();
    const faq = screen.getByRole('button', { name: mf.readyToBuy.faq[0]!.question });
    expect(faq).toHaveAttribute('aria-expanded', 'false');
    await user.click(faq);
    expect(faq).toHaveAttribute('aria-expanded', 'true');

    const events = window.dataLayer as Record<string, unknown>[];
    const steps = events.filter((e) => e.event === 'pageView').map((e) => e.step);
    // loading stages may be batched away in jsdom; the settled stages come in order
    expect(steps.filter((s) => s !== 'validateAddress' && s !== 'codeCheckSubmit')).toEqual([
      'addressCheck',
      'serviceable',
      'readytobuy',
    ]);
    expect(events.find((e) => e.event === 'pageView')).toEqual({
      event: 'pageView',
      flowType: 'buyflow|prepaid',
      step: 'addressCheck',
      locale: 'es',
      customerType: 'new',
      authenticated: false,
    });
    expect(events).toContainEqual({ event: 'serviceability', tapStatus: happy.exchanges[2]!.body.tapStatus });
    expect(events).toContainEqual({ event: 'assign', outcome: 'assigned' });
  });

  it('multi-unit: pages, filter, choose, confirm', async () => {
    use(multi);
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    const { street, zip, pickUnit } = multi.scenario.input;
    const units = multi.exchanges[1]!.body.customerInfos!.length;
    const pages = Math.ceil(units / 10);
    expect(pages).toBeGreaterThan(7);
    const user = await enterAddress(mf, street, zip);
    await screen.findByRole('heading', { level: 1, name: mf.multiUnit.heading });
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    const confirm = screen.getByRole('button', { name: mf.multiUnit.confirm });
    expect(confirm).toBeDisabled();
    const pageButton = (n: number) => screen.queryByRole('button', { name: mf.multiUnit.pageLabel.replace('{page}', String(n)) });
    expect(pageButton(4)).toBeNull(); // compact: 1 2 … last
    await user.click(pageButton(pages)!);
    expect(screen.getAllByRole('radio')).toHaveLength(units - (pages - 1) * 10);
    expect(pageButton(pages)).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: mf.multiUnit.previous }));
    expect(pageButton(pages - 1)).toHaveAttribute('aria-current', 'page');
    await user.type(screen.getByRole('textbox', { name: mf.multiUnit.filterLabel }), pickUnit.toLowerCase());
    await user.click(screen.getByRole('radio', { name: pickUnit }));
    expect(confirm).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: mf.multiUnit.filterLabel }), 'x');
    expect(screen.getByText(mf.multiUnit.noUnits)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('radio', { name: pickUnit }));
    await user.click(confirm);
    await screen.findByRole('heading', { level: 1, name: mf.serviceable.heading });
    expect(screen.getByText(new RegExp(`${street}, ${pickUnit}`))).toBeInTheDocument();
  });

  it('a device code not found shows the message on the code field', async () => {
    use(notFound);
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    const input = notFound.scenario.input;
    const user = await enterAddress(mf, input.street, input.zip);
    await enterDevice(user, mf, input.deviceCode, input.phone);
    await screen.findByText(mf.assignErrors.deviceCodeNotFound);
    const code = screen.getByRole('textbox', { name: mf.serviceable.deviceCodeLabel });
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(mf.assignErrors.deviceCodeNotFound));
    expect(code).toHaveValue(input.deviceCode);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
  });

  it('an assign 5xx shows the connection alert', async () => {
    use(happy);
    server.use(http.post(ASSIGN, () => HttpResponse.json({ errorCode: 'UPSTREAM_ERROR', message: 'x', requestId: 'r' }, { status: 502 })));
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    const user = await enterAddress(mf, '1200 Peachtree St', '30309');
    await enterDevice(user, mf, '482913', '4045550123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(mf.addressErrors.connection.title);
    expect(stage()).toBe('serviceable');
    expect(window.dataLayer).toContainEqual({ event: 'apiError', call: 'assignDevice', errorCode: 'UPSTREAM_ERROR', errorMessage: 'x' });
  });

  it('a serviceability network failure returns to the address with the inputs kept, no message', async () => {
    use(happy);
    server.use(http.get(SERVICEABILITY, () => HttpResponse.error()));
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    await enterAddress(mf, '1200 Peachtree St', '30309');
    await waitFor(() => expect(window.dataLayer).toContainEqual({ event: 'apiError', call: 'validateCustomerServiceability', errorCode: 'NETWORK' }));
    await waitFor(() => expect(stage()).toBe('addressCheck'));
    expect(screen.getByRole('combobox', { name: mf.addressCheck.streetLabel })).toHaveValue('1200 Peachtree St');
    expect(screen.getByRole('textbox', { name: mf.addressCheck.zipLabel })).toHaveValue('30309');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a validation 5xx shows the connection error; try again keeps the input', async () => {
    use(happy);
    server.use(
      http.get('*/secure/api/v1/serviceability/address/validate-customer-address', () =>
        HttpResponse.json({ errorCode: 'UPSTREAM_TIMEOUT', message: 'x', requestId: 'r' }, { status: 504 }),
      ),
    );
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    const user = await enterAddress(mf, '1200 Peachtree St', '30309');
    await screen.findByRole('heading', { level: 1, name: mf.addressErrors.connection.title });
    await user.click(screen.getByRole('button', { name: mf.addressErrors.tryAgain }));
    expect(screen.getByRole('combobox', { name: mf.addressCheck.streetLabel })).toHaveValue('1200 Peachtree St');
  });

  it('existing postpaid: the moving button reveals the new-customer steps', async () => {
    use(postpaid);
    renderApp(retailHref('en'));
    const mf = en.merchantFlow;
    const user = await enterAddress(mf, postpaid.scenario.input.street, postpaid.scenario.input.zip);
    await screen.findByRole('heading', { level: 1, name: mf.existingPostpaid.heading });
    expect(screen.getByRole('link', { name: mf.existingPostpaid.myAccount.label })).toHaveAttribute('href', mf.existingPostpaid.myAccount.url);
    expect(screen.queryByRole('heading', { name: mf.existingPostpaid.movingHeading })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: mf.existingPostpaid.moving }));
    expect(screen.getByRole('heading', { name: mf.existingPostpaid.movingHeading })).toBeVisible();
  });

  it('a serviceability error outcome goes to /{locale}/error', async () => {
    use(failureStatus);
    const { router } = renderApp(retailHref('en'));
    await enterAddress(en.merchantFlow, '1200 Peachtree St', '30309');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/error'));
    await screen.findByRole('heading', { name: en.dictionary.errorPage.title });
  });
});
