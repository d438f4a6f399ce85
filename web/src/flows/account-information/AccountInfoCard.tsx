import { ContentLink } from '../../components/ContentLink';
import { formatPhone } from '../../lib/phone';
import type { AccountInformation } from './api';
import type { AccountInformationContent } from './content';

/** "Verified" or "Unverified" beside a contact point (seed 001 §6: the label only). */
function Verified({ verified, c }: { verified: boolean; c: AccountInformationContent['card'] }) {
  return <span className="verified-label">{verified ? c.verified : c.unverified}</span>;
}

/**
 * The account info card (seed 001 §2 "Account info card"): name, pronoun, ID, mobile number
 * (`###-###-####`) and e-mail with verified or unverified labels, and the provider's
 * update-account-info link.
 */
export function AccountInfoCard({ info, c }: { info: AccountInformation; c: AccountInformationContent['card'] }) {
  const h = info.holder;
  const name = [h.chosenFirstName ?? h.firstName, h.lastName].join(' ').trim();
  return (
    <section className="card" aria-labelledby="account-info-heading" data-testid="account-info-card">
      <h2 id="account-info-heading">{c.heading}</h2>
      <dl className="details-list">
        <div>
          <dt>{c.nameLabel}</dt>
          <dd>{name}</dd>
        </div>
        {h.pronoun && (
          <div>
            <dt>{c.pronounLabel}</dt>
            <dd>{h.pronoun}</dd>
          </div>
        )}
        <div>
          <dt>{c.accountIdLabel}</dt>
          <dd>{info.accountId}</dd>
        </div>
        <div>
          <dt>{c.mobileLabel}</dt>
          <dd data-testid="account-mobile">
            {h.mobile ? (
              <>
                {formatPhone(h.mobile.value)} <Verified verified={h.mobile.verified} c={c} />
              </>
            ) : (
              c.notProvided
            )}
          </dd>
        </div>
        <div>
          <dt>{c.emailLabel}</dt>
          <dd data-testid="account-email">
            {h.email ? (
              <>
                {h.email.value} <Verified verified={h.email.verified} c={c} />
              </>
            ) : (
              c.notProvided
            )}
          </dd>
        </div>
      </dl>
      <ContentLink link={c.updateLink} />
    </section>
  );
}
