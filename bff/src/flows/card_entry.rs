//! The card-entry component's configuration (seed 000 §7), shared by the buy flow's
//! `getCardEntryConfig` and the account area's payment info (`flows::payments`): the iframe
//! URL (`lang`, `parentOrigin` = the page origin), its height (880 px) and what the page posts
//! with `CPC_CONFIG_SUBMIT`. The component tokenises the card itself: the card number and CVV
//! never reach the BFF, only the token and the last 4 digits.

use poem::Request;
use poem_openapi::Object;
use upstream::address::Address;

use crate::{
    http::extract::{locale, page_origin},
    state::AppState,
    upstream::content::Lang,
};

/// Height of the iframe, px (seed 000 §7).
pub const CARD_ENTRY_HEIGHT: u32 = 880;

/// Percent-encodes a query value (RFC 3986 unreserved characters kept).
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Who the component is prefilled for.
#[derive(Debug, Clone, Default)]
pub struct Prefill {
    /// First name, if known.
    pub first_name: String,
    /// Last name, if known.
    pub last_name: String,
    /// Billing (service) address, if known.
    pub address: Address,
}

/// The configuration for a page of `req`: `session_id` is the flow's context id (never the
/// session cookie), `tracking_id` the flow's; card change disabled, terms in a modal, channel
/// `PREPAID_LITE`, customer class `residential`.
pub fn build(
    state: &AppState,
    req: &Request,
    session_id: String,
    tracking_id: String,
    prefill: Prefill,
) -> CardEntryConfig {
    let origin = page_origin(req, &state.config);
    let lang = match locale(req) {
        Lang::Es => "es",
        Lang::En => "en",
    };
    let base = state.config.card_entry(state.clients.urls());
    let sep = if base.contains('?') { '&' } else { '?' };
    let addr = prefill.address;
    CardEntryConfig {
        iframe_url: format!("{base}{sep}lang={lang}&parentOrigin={}", encode(&origin)),
        height: CARD_ENTRY_HEIGHT,
        config: CpcConfig {
            channel_details: ChannelDetails {
                source_server: "prepaid-portal-bff".into(),
                source_system: "PREPAID_PORTAL".into(),
                timestamp: state
                    .clock
                    .now()
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                tracking_id,
                partner: "PREPAID".into(),
                session_id,
                channel_name: "PREPAID_LITE".into(),
                enable_fraud_manager: true,
                message_location: origin,
                customer_class: "residential".into(),
            },
            config: CpcOptions {
                address_override: true,
                auto_pay_enroll: false,
                stored_payment_option: false,
                card_change_disabled: true,
                display_terms_in_modal: true,
            },
            customer_details: CpcCustomerDetails {
                token: String::new(),
                wallet_id: String::new(),
                first_name: prefill.first_name,
                last_name: prefill.last_name,
                address_line1: addr.address_line1,
                address_line2: addr.address_line2,
                city: addr.city,
                state: addr.state,
                zip: addr.zip,
                store_payment_instrument_long_term: false,
            },
        },
    }
}

/// `channelDetails` of the card-entry configuration (seed 000 §7).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChannelDetails {
    /// Server name the component reports: `prepaid-portal-bff`.
    pub source_server: String,
    /// System name: `PREPAID_PORTAL`.
    pub source_system: String,
    /// Time of the configuration, RFC 3339 UTC.
    pub timestamp: String,
    /// Tracking id of the flow.
    pub tracking_id: String,
    /// Partner: `PREPAID`.
    pub partner: String,
    /// The buy context id (not the session cookie).
    pub session_id: String,
    /// `PREPAID_LITE`.
    pub channel_name: String,
    /// Fraud manager on: true.
    pub enable_fraud_manager: bool,
    /// Origin of the embedding page (the component posts its messages only there).
    pub message_location: String,
    /// `residential`.
    pub customer_class: String,
}

/// `config` of the card-entry configuration (seed 000 §7).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CpcOptions {
    /// The card holder types a billing address: true.
    pub address_override: bool,
    /// Auto-pay enrolment offered by the page (the portal's own checkbox): false.
    pub auto_pay_enroll: bool,
    /// Offer stored payment methods: false (new customer).
    pub stored_payment_option: bool,
    /// Card change disabled: true.
    pub card_change_disabled: bool,
    /// Terms shown in a modal: true.
    pub display_terms_in_modal: bool,
}

/// `customerDetails` of the card-entry configuration (seed 000 §7).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CpcCustomerDetails {
    /// Customer token (empty: anonymous new customer).
    pub token: String,
    /// Wallet id (empty: new customer).
    pub wallet_id: String,
    /// First name of the customer, if known.
    pub first_name: String,
    /// Last name of the customer, if known.
    pub last_name: String,
    /// Service street line (billing prefill), if known.
    pub address_line1: String,
    /// Service unit line.
    pub address_line2: String,
    /// City.
    pub city: String,
    /// State.
    pub state: String,
    /// Zip.
    pub zip: String,
    /// Keep the card long term: false.
    pub store_payment_instrument_long_term: bool,
}

/// The configuration posted to the component with `CPC_CONFIG_SUBMIT`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CpcConfig {
    /// Channel details.
    pub channel_details: ChannelDetails,
    /// Options.
    pub config: CpcOptions,
    /// Customer details (prefill).
    pub customer_details: CpcCustomerDetails,
}

/// Answer of `getCardEntryConfig`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CardEntryConfig {
    /// URL of the component's page for the iframe (`lang` and `parentOrigin` in the
    /// query). Harness mode: `/sim/card-entry?...` on this origin.
    pub iframe_url: String,
    /// Height of the iframe in px: 880 (100% wide).
    pub height: u32,
    /// What to post with `CPC_CONFIG_SUBMIT` once the component sends `CPC_CONFIG_READY`.
    pub config: CpcConfig,
}
