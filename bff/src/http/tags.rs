//! The contract's operation tags (one per operation; ARCHITECTURE.md "The BFF contract").

use poem_openapi::Tags;

/// Operation tags (one per operation).
#[derive(Tags)]
#[oai(rename_all = "lowercase")]
pub enum ApiTags {
    /// Content bundles (en/es) from the content service.
    Content,
    /// Anonymous session and CSRF token.
    Session,
    /// Retail-partner starter-kit flow: address search and validation, serviceability, assign.
    Retail,
    /// New-customer buy flow: product details, promotions, cart, tax, customer, order.
    Buy,
    /// Buy-flow payments: payment id, card-entry component, payment instrument.
    Payments,
    /// Liveness.
    Health,
    /// Sign-in with the identity provider, account picker, profile, keep-alive, sign-out.
    Signin,
    /// Account-scoped operations (`{accountId}` in the path; owner only).
    Account,
    /// Account payments: saved card, auto-refill, payment history (`{accountId}`; owner only).
    AccountPayments,
    /// Refill by card (offer, cart, refill order, confirmation) and by refill PIN
    /// (`{accountId}`; owner only).
    Refill,
    /// Quick refill without sign-in ("litepay"): account lookup by phone and zip, card,
    /// refill, confirmation (the account is held by the session, never sent).
    Litepay,
    /// Reconnect of a closed account: serviceability, plan, payment, aux account
    /// (`{accountId}`; owner only).
    Reconnect,
    /// Move of service to a new address: address check, move date, the move (aux account of
    /// flow MOVE) and its confirmation; its refill is the refill tag's (`{accountId}`; owner
    /// only).
    Move,
}
