//! Content simulator, prefix `/content` (call name `content`): the merchant-flow,
//! dictionary, buy-flow and account-area (`all`) bundles in English (`/-/api/{site}/{area}`) and Spanish
//! (`/-/api/es/{site}/{area}`), the cart content (`/-/api/cart`, `/-/api/es/cart`, no
//! site), seed 000 §2, §7 content calls, and the broadband facts of the plan-tier widget
//! (`/broadband-facts`, English only; seed 000 §1, seed 002 §7.4). The only site is
//! [`SITE`]; any other site or area is 404.

use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{
    ApiResponse, Object, OpenApi, Tags, param::Header, param::Path, param::Query, payload::Json,
};
use serde::de::DeserializeOwned;
use upstream::account_content::AccountDashboard;
use upstream::activation_content::ActivationContent;
use upstream::content::{All, BroadbandFacts, Buyflow, CartContent, Dictionary, MerchantFlow};

/// The prepaid content site, `{site}` in the content paths.
pub const SITE: &str = "my.prepaid";

/// Content language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locale {
    /// English, `/-/api/...`.
    En,
    /// Spanish, `/-/api/es/...`.
    Es,
}

/// The raw JSON of one bundle, embedded at build time from `simulators/content/`.
pub fn raw(locale: Locale, area: &str) -> Option<&'static str> {
    Some(match (locale, area) {
        (Locale::En, "merchant-flow") => include_str!("../content/en/merchant-flow.json"),
        (Locale::En, "dictionary") => include_str!("../content/en/dictionary.json"),
        (Locale::En, "buyflow") => include_str!("../content/en/buyflow.json"),
        (Locale::En, "cart") => include_str!("../content/en/cart.json"),
        (Locale::En, "all") => include_str!("../content/en/all.json"),
        (Locale::Es, "merchant-flow") => include_str!("../content/es/merchant-flow.json"),
        (Locale::Es, "dictionary") => include_str!("../content/es/dictionary.json"),
        (Locale::Es, "buyflow") => include_str!("../content/es/buyflow.json"),
        (Locale::Es, "cart") => include_str!("../content/es/cart.json"),
        (Locale::Es, "all") => include_str!("../content/es/all.json"),
        (Locale::En, "account-dashboard") => include_str!("../content/en/account-dashboard.json"),
        (Locale::Es, "account-dashboard") => include_str!("../content/es/account-dashboard.json"),
        (Locale::En, "activation") => include_str!("../content/en/activation.json"),
        (Locale::Es, "activation") => include_str!("../content/es/activation.json"),
        _ => return None,
    })
}

/// Every broadband facts label the provider has (English), embedded from
/// `simulators/content/en/broadband-facts.json`.
pub const BROADBAND_FACTS: &str = include_str!("../content/en/broadband-facts.json");

/// The broadband facts answer for a query (seed 000 §1): the label of each requested tier id
/// (comma-separated, blanks ignored, first occurrence kept) that exists under `service_plan_type`
/// and `lob`, in the order requested; ids, plan type and line of business match exactly.
/// Nothing matching: empty `labels`.
pub fn broadband_facts(
    tier_ids: &str,
    service_plan_type: &str,
    lob: &str,
) -> Result<BroadbandFacts, serde_json::Error> {
    let all: BroadbandFacts = serde_json::from_str(BROADBAND_FACTS)?;
    let mut wanted: Vec<&str> = Vec::new();
    for id in tier_ids
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
    {
        if !wanted.contains(&id) {
            wanted.push(id);
        }
    }
    let labels = wanted
        .into_iter()
        .filter_map(|id| {
            all.labels.iter().find(|l| {
                l.tier_id == id && l.service_plan_type == service_plan_type && l.lob == lob
            })
        })
        .cloned()
        .collect();
    Ok(BroadbandFacts { labels })
}

/// Parses one embedded bundle into its typed shape (unknown keys are errors).
pub fn bundle<T: DeserializeOwned>(locale: Locale, area: &str) -> Result<T, serde_json::Error> {
    upstream::parse::from_str_strict(raw(locale, area).unwrap_or("null"))
}

/// Error body of the simulators: `{"error": "<CODE>"}`.
#[derive(Debug, Clone, Object)]
pub struct SimError {
    /// `NOT_FOUND`, `CONTENT_BROKEN`, `UNKNOWN_SCENARIO`, `SIMULATED_FAULT`.
    pub error: String,
}

/// Answer of a content call.
#[derive(ApiResponse)]
pub enum ContentResponse<T: ParseFromJSON + ToJSON + Send + Sync> {
    /// The bundle.
    #[oai(status = 200)]
    Ok(Json<T>),
    /// Unknown site (`{"error":"NOT_FOUND"}`).
    #[oai(status = 404)]
    NotFound(Json<SimError>),
    /// An embedded bundle failed to parse (`{"error":"CONTENT_BROKEN"}`); a test catches it.
    #[oai(status = 500)]
    Broken(Json<SimError>),
}

fn answer<T>(site: &str, locale: Locale, area: &str) -> ContentResponse<T>
where
    T: ParseFromJSON + ToJSON + Send + Sync + DeserializeOwned,
{
    let error = |code: &str| Json(SimError { error: code.into() });
    if site != SITE {
        return ContentResponse::NotFound(error("NOT_FOUND"));
    }
    match bundle(locale, area) {
        Ok(bundle) => ContentResponse::Ok(Json(bundle)),
        Err(err) => {
            tracing::error!(%err, ?locale, area, "embedded content bundle does not parse");
            ContentResponse::Broken(error("CONTENT_BROKEN"))
        }
    }
}

/// Answer of the broadband facts call.
#[derive(ApiResponse)]
pub enum BroadbandFactsResponse {
    /// The labels of the requested tiers (possibly none).
    #[oai(status = 200)]
    Ok(Json<BroadbandFacts>),
    /// The embedded labels failed to parse (`{"error":"CONTENT_BROKEN"}`); a test catches it.
    #[oai(status = 500)]
    Broken(Json<SimError>),
}

#[derive(Tags)]
enum Tag {
    /// Content: page texts in English and Spanish.
    Content,
}

/// The content calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct ContentApi;

#[OpenApi(prefix_path = "/content", tag = "Tag::Content")]
impl ContentApi {
    /// Merchant-flow content, English (seed 000 §2 retail-partner flow).
    #[oai(
        path = "/-/api/:site/merchant-flow",
        method = "get",
        operation_id = "getMerchantFlow"
    )]
    async fn merchant_flow(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<MerchantFlow> {
        answer(&site, Locale::En, "merchant-flow")
    }

    /// Merchant-flow content, Spanish.
    #[oai(
        path = "/-/api/es/:site/merchant-flow",
        method = "get",
        operation_id = "getMerchantFlowEs"
    )]
    async fn merchant_flow_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<MerchantFlow> {
        answer(&site, Locale::Es, "merchant-flow")
    }

    /// Texts shared by every page, English.
    #[oai(
        path = "/-/api/:site/dictionary",
        method = "get",
        operation_id = "getDictionary"
    )]
    async fn dictionary(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<Dictionary> {
        answer(&site, Locale::En, "dictionary")
    }

    /// Texts shared by every page, Spanish.
    #[oai(
        path = "/-/api/es/:site/dictionary",
        method = "get",
        operation_id = "getDictionaryEs"
    )]
    async fn dictionary_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<Dictionary> {
        answer(&site, Locale::Es, "dictionary")
    }

    /// Buy-flow content, English; the footer is always taken from it (seed 000 §2).
    #[oai(
        path = "/-/api/:site/buyflow",
        method = "get",
        operation_id = "getBuyflow"
    )]
    async fn buyflow(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<Buyflow> {
        answer(&site, Locale::En, "buyflow")
    }

    /// Buy-flow content, Spanish.
    #[oai(
        path = "/-/api/es/:site/buyflow",
        method = "get",
        operation_id = "getBuyflowEs"
    )]
    async fn buyflow_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<Buyflow> {
        answer(&site, Locale::Es, "buyflow")
    }

    /// Account-area shared texts, English (seed 001 §2 page shell, sign-in pages; §3 `all`).
    #[oai(path = "/-/api/:site/all", method = "get", operation_id = "getAll")]
    async fn all(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<All> {
        answer(&site, Locale::En, "all")
    }

    /// Account-area shared texts, Spanish.
    #[oai(
        path = "/-/api/es/:site/all",
        method = "get",
        operation_id = "getAllEs"
    )]
    async fn all_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<All> {
        answer(&site, Locale::Es, "all")
    }

    /// Cart content, English (seed 000 §7 `GET /-/api/cart`: cart pages, texts, products).
    #[oai(path = "/-/api/cart", method = "get", operation_id = "getCart")]
    async fn cart(
        &self,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<CartContent> {
        answer(SITE, Locale::En, "cart")
    }

    /// Cart content, Spanish.
    #[oai(path = "/-/api/es/cart", method = "get", operation_id = "getCartEs")]
    async fn cart_es(
        &self,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<CartContent> {
        answer(SITE, Locale::Es, "cart")
    }

    /// Signed-in dashboard content, English (seed 001 §2 "Dashboard", §7 "Other content").
    #[oai(
        path = "/-/api/:site/account-dashboard",
        method = "get",
        operation_id = "getAccountDashboardContent"
    )]
    async fn account_dashboard(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<AccountDashboard> {
        answer(&site, Locale::En, "account-dashboard")
    }

    /// Signed-in dashboard content, Spanish.
    #[oai(
        path = "/-/api/es/:site/account-dashboard",
        method = "get",
        operation_id = "getAccountDashboardContentEs"
    )]
    async fn account_dashboard_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<AccountDashboard> {
        answer(&site, Locale::Es, "account-dashboard")
    }

    /// Activation content, English (seed 001 §7 "Activation content": an array of groups
    /// of key/value items).
    #[oai(
        path = "/-/api/:site/activation",
        method = "get",
        operation_id = "getActivationContent"
    )]
    async fn activation(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<ActivationContent> {
        answer(&site, Locale::En, "activation")
    }

    /// Activation content, Spanish.
    #[oai(
        path = "/-/api/es/:site/activation",
        method = "get",
        operation_id = "getActivationContentEs"
    )]
    async fn activation_es(
        &self,
        /// Content site; only `my.prepaid` exists.
        site: Path<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> ContentResponse<ActivationContent> {
        answer(&site, Locale::Es, "activation")
    }

    /// Broadband facts content for the plan-tier widget, English (seed 000 §1, seed 002
    /// §7.4): the label of each requested tier the provider has under the service plan type
    /// and line of business (`HSD_030`, `PREPAID`, `INTERNET`), in the order requested. A tier
    /// without a label is left out, so an unknown tier, plan type or line of business answers
    /// 200 with empty `labels` (a filter of a list, not a lookup of one resource). A missing
    /// query parameter is 400.
    #[oai(
        path = "/broadband-facts",
        method = "get",
        operation_id = "getBroadbandFacts"
    )]
    async fn broadband_facts(
        &self,
        /// Tier ids, comma-separated, e.g. `HSD_030`.
        #[oai(name = "tierIds")]
        tier_ids: Query<String>,
        /// Service plan type, e.g. `PREPAID`.
        #[oai(name = "servicePlanType")]
        service_plan_type: Query<String>,
        /// Line of business, e.g. `INTERNET`.
        lob: Query<String>,
        /// Ids of the embedding application, comma-separated (for the provider's reporting;
        /// not used to choose the labels).
        #[oai(name = "sourceIds")]
        _source_ids: Query<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> BroadbandFactsResponse {
        match broadband_facts(&tier_ids, &service_plan_type, &lob) {
            Ok(facts) => BroadbandFactsResponse::Ok(Json(facts)),
            Err(err) => {
                tracing::error!(%err, "embedded broadband facts do not parse");
                BroadbandFactsResponse::Broken(Json(SimError {
                    error: "CONTENT_BROKEN".into(),
                }))
            }
        }
    }
}

/// The payment and activation codes of `../shared/business-codes.md` that have a
/// message (seed 000 §8); the success-like (`BUS_CUSTACT_05`, `SYS0010`) and
/// unrecoverable (`PAYMENT-0001`, `SYS_CUSTACT_01`) submit codes have none.
pub const CATALOGUE_CODES: &[&str] = &[
    "PAYMENT-1175",
    "PAYMENT-1151",
    "PAYMENT-1009",
    "PAYMENT-1147",
    "PAYMENT-1195",
    "PAYMENT-1239",
    "PAYMENT-1149",
    "PAYMENT-1197",
    "PAYMENT-1194",
    "PAYMENT-1244",
    "PAYMENT-1225",
    "PAYMENT-1243",
    "PAYMENT-1188",
    "PAYMENT-8312",
    "PAYMENT-8094",
    "PAYMENT-1240",
    "PAYMENT-9900",
    "PAYMENT-8319",
    "PAYMENT-8524",
    "PAYMENT-8015",
    "PAYMENT-1156",
    "PAYMENT-1167",
    "PAYMENT-8023",
    "PAYMENT-1003",
    "PAYMENT-1150",
    "PAYMENT-1043",
    "PAYMENT-1001",
    "PAYMENT-8372",
    "PAYMENT-1038",
    "PAYMENT-1004",
    "PAYMENT-8001",
    "PAYMENT-8032",
    "PAYMENT-1164",
    "PAYMENT-8132",
    "PAYMENT-8600",
    "PAYMENT-8373",
    "PAYMENT-1146",
    "PAYMENT-1310",
    "PAYMENT-1309",
    "PAYMENT-8039",
    "PAYMENT-8000",
    "PAYMENT-8017",
    "PAYMENT-8097",
    "PAYMENT-8006",
    "PAYMENT-8096",
    "PAYMENT-8349",
    "PAYMENT-1204",
    "PAYMENT-8813",
    "PAYMENT-9010",
    "PAYMENT-3010",
    "SYS_PMT_003",
    "SYS_PMT_007",
    "SYS_PMT_008",
    "SYS_PMT_009",
    "SYS_PMT_010",
    "BUS_PMT_003",
    "BUS_PMT_004",
    "BUS_PMT_006",
    "SYS-CUSTACT-02",
    "SYS-CUSTACT-04",
    "SYS-CUSTACT-06",
    "BUS-PINLESS-ACT-LOCATION",
    "BUS-PINLESS-ACT-PHONE",
];

#[cfg(test)]
mod tests {
    use super::*;

    const LOCALES: [Locale; 2] = [Locale::En, Locale::Es];

    #[test]
    fn every_bundle_parses_in_both_locales() {
        for locale in LOCALES {
            let flow: MerchantFlow = bundle(locale, "merchant-flow").expect("merchant-flow");
            let _: Dictionary = bundle(locale, "dictionary").expect("dictionary");
            let buy: Buyflow = bundle(locale, "buyflow").expect("buyflow");
            let all: All = bundle(locale, "all").expect("all");
            assert_account_area_bundle(&all, locale);
            assert_eq!(buy.buyflow_footer.links.len(), 5, "{locale:?} footer links");
            for link in &buy.buyflow_footer.links {
                assert!(link.url.starts_with("https://"), "{}", link.url);
                assert!(matches!(link.target.as_str(), "_self" | "_blank"));
            }
            assert!(flow.address_check.chat_link.url.starts_with("https://"));
            assert_eq!(flow.address_check.chat_link.target, "_blank");
            assert_eq!(flow.ready_to_buy.product_image.src, "/images/gateway.svg");
            assert!((3..=4).contains(&flow.ready_to_buy.faq.len()));
            assert!(flow.multi_unit.page_label.contains("{page}"));
        }
    }

    /// Both activation bundles have every text the web reads, none blank.
    #[test]
    fn the_activation_bundle_has_every_required_text_in_both_locales() {
        use upstream::activation_content::REQUIRED;
        for locale in LOCALES {
            let c: ActivationContent = bundle(locale, "activation").expect("activation");
            for (group, key) in REQUIRED {
                let text = c.text(group, key).unwrap_or_default();
                assert!(!text.trim().is_empty(), "{locale:?} {group}.{key}");
            }
            assert_eq!(
                c.activation.iter().map(|g| g.items.len()).sum::<usize>(),
                REQUIRED.len(),
                "{locale:?}: a text no one reads"
            );
        }
    }

    /// Every code the simulated provider answers (plans, the valid promotion, shipping) has
    /// its text in both bundles: the web never shows the provider's English or an id.
    #[test]
    fn the_catalogue_texts_name_every_code_of_the_world_in_both_locales() {
        use crate::buy_world::{MARKETS, VALID_PROMO_ID, product_details};
        use upstream::content::CodeText;
        let has = |list: &[CodeText], code: &str| list.iter().any(|c| c.code == code);
        for locale in LOCALES {
            let buy: Buyflow = bundle(locale, "buyflow").unwrap();
            let names = &buy.catalogue;
            for market in MARKETS {
                let details = product_details(market.id);
                for entry in &details.products {
                    for plan in &entry.product.plans {
                        assert!(
                            has(&names.plans, &plan.charge_code),
                            "{locale:?} {}",
                            plan.charge_code
                        );
                    }
                }
                assert!(
                    has(&names.shipping_methods, &details.shipping.name),
                    "{locale:?} shipping"
                );
            }
            assert!(
                has(&names.promotions, VALID_PROMO_ID),
                "{locale:?} promotion"
            );
        }
    }

    #[test]
    fn seed_texts_are_verbatim_in_english() {
        let flow: MerchantFlow = bundle(Locale::En, "merchant-flow").unwrap();
        let dict: Dictionary = bundle(Locale::En, "dictionary").unwrap();
        assert_eq!(
            flow.address_check.street_required,
            "A valid address is required."
        );
        assert_eq!(
            flow.address_check.zip_invalid,
            "Please enter a valid zip code."
        );
        assert_eq!(
            flow.serviceable.phone_invalid,
            "Please enter a valid phone number."
        );
        assert_eq!(
            flow.assign_errors.device_code_not_found,
            "Device code not found, please confirm the number or try a different device code \
             from a different starter kit."
        );
        assert_eq!(
            flow.assign_errors.device_code_error,
            "Device code error, please try a different device code from a different starter kit."
        );
        assert_eq!(
            flow.assign_errors.generic,
            "Something went wrong, please try again."
        );
        assert_eq!(
            flow.ready_to_buy.cold_tap_note,
            "After purchase, please wait 48 hours to begin installation. We'll notify you when \
             your service is ready for activation."
        );
        assert_eq!(dict.error_page.title, "Something's not right.");
        assert_eq!(
            dict.error_page.description,
            "We're having trouble completing your request."
        );
        let images = [
            &flow.address_errors.invalid_address.image,
            &flow.address_errors.connection.image,
        ];
        let srcs: Vec<_> = images
            .iter()
            .map(|i| i.as_ref().map(|i| i.src.as_str()))
            .collect();
        assert_eq!(
            srcs,
            [
                Some("/images/address-not-found.svg"),
                Some("/images/connection-issue.svg")
            ]
        );
    }

    /// Seed 001 §2 "Page shell": navigation typed refill, activate, account, chat or other;
    /// five footer links with label, URL and target; placeholders the web replaces.
    fn assert_account_area_bundle(all: &All, locale: Locale) {
        let kinds: Vec<_> = all.navigation.iter().map(|i| i.kind.as_str()).collect();
        assert_eq!(
            kinds,
            ["refill", "activate", "account", "chat", "other"],
            "{locale:?}"
        );
        let links = all.navigation.iter().flat_map(|i| {
            std::iter::once((&i.url, &i.target)).chain(i.flyout.iter().map(|l| (&l.url, &l.target)))
        });
        for (url, target) in links {
            assert!(url.starts_with('/') || url.starts_with("https://"), "{url}");
            assert!(matches!(target.as_str(), "_self" | "_blank"), "{target}");
        }
        assert_eq!(all.footer.links.len(), 5, "{locale:?} footer links");
        assert!(all.header.greeting.contains("{name}"));
        assert!(all.header.notifications_label.contains("{count}"));
        assert!(all.session_timeout.countdown_label.contains("{time}"));
        assert!(!all.handoff.faq.is_empty());
    }

    #[test]
    fn the_account_area_spanish_is_written_with_accents_and_marks() {
        let raw = raw(Locale::Es, "all").unwrap();
        for mark in ['¿', 'á', 'é', 'í', 'ó', 'ú', 'ñ'] {
            assert!(raw.contains(mark), "missing {mark}");
        }
    }

    #[test]
    fn spanish_is_written_with_accents_and_marks() {
        let raw = raw(Locale::Es, "merchant-flow").unwrap();
        for mark in ['¿', '¡', 'á', 'é', 'í', 'ó', 'ú'] {
            assert!(raw.contains(mark), "missing {mark}");
        }
    }

    /// Codes the project names (the seeds give only placeholders or none): the buy flow's
    /// account-not-found (business-codes.md: the placeholder and `_025`), the refill failure
    /// codes (`upstream::refill::FAILURE_CODES`) and the PIN refill's (seed 002 §2.3, §8;
    /// `bff::http::error`).
    const OUR_CODES: &[&str] = &[
        "ACCOUNT_NOT_FOUND",
        "ACCOUNT_NOT_FOUND_025",
        "REFILL_PAYMENT_DECLINED",
        "REFILL_PAYMENT_INVALID",
        "REFILL_ACCOUNT_INELIGIBLE",
        "REFILL_PLAN_UNAVAILABLE",
        "REFILL_SYSTEM_ERROR",
        "PIN_INVALID",
        "PIN_REJECTED",
        "PIN_NOT_RECOGNISED",
        "PIN_REDEEM_FAILED",
        "PIN_ALREADY_REDEEMED",
        "PIN_NOT_VALIDATED",
        // one payment of an account at a time (`bff::http::attempt`)
        "PAYMENT_IN_PROGRESS",
        // the quick refill's lookup (seed 002 §4.6, §8; `bff::flows::litepay::rules`)
        "PREACTIVATED_ERROR",
        "LITEPAY_MULTIPLE_ACCOUNTS",
        "LITEPAY_ACCOUNT_NOT_LOCATED",
        // the reconnect (issue 14; `bff::flows::reconnect`)
        "RECONNECT_NOT_AVAILABLE",
        "RECONNECT_NOT_SERVICEABLE",
        "RECONNECT_FAILED",
        // the move (issue 13; `bff::flows::move`)
        "MOVE_NOT_AVAILABLE",
        "MOVE_ALREADY_SCHEDULED",
        "MOVE_DATE_IN_PAST",
        "MOVE_DATE_TOO_FAR",
        "MOVE_FAILED",
    ];

    #[test]
    fn every_refill_failure_code_is_one_of_ours() {
        for code in upstream::refill::FAILURE_CODES {
            assert!(OUR_CODES.contains(&code), "{code}");
        }
    }

    #[test]
    fn cart_content_parses_in_both_locales() {
        for locale in LOCALES {
            let cart: CartContent = bundle(locale, "cart").expect("cart");
            assert!(!cart.cart_pages.is_empty());
            let codes: Vec<_> = cart
                .products
                .iter()
                .flat_map(|p| &p.product_data.plans)
                .map(|p| p.charge_code.as_str())
                .collect();
            assert!(codes.contains(&"ECO-HSD-030"), "{locale:?}");
            for plan in cart.products.iter().flat_map(|p| &p.product_data.plans) {
                let (whole, cents) = plan.rate.split_once('.').expect("2 decimals");
                assert!(
                    whole.parse::<u32>().is_ok() && cents.len() == 2,
                    "{}",
                    plan.rate
                );
            }
        }
    }

    #[test]
    fn every_catalogue_code_is_in_exactly_one_group_in_both_locales() {
        let en: Buyflow = bundle(Locale::En, "buyflow").unwrap();
        let es: Buyflow = bundle(Locale::Es, "buyflow").unwrap();
        for buy in [&en, &es] {
            let cat = &buy.error_catalogue;
            assert!(cat.generic.contains("{phone}"));
            assert!(!cat.customer_care_phone.is_empty() && !cat.code_label.is_empty());
            let all: Vec<&str> = cat
                .groups
                .iter()
                .flat_map(|g| g.codes.iter().map(String::as_str))
                .collect();
            for code in super::CATALOGUE_CODES.iter().chain(OUR_CODES) {
                let n = all.iter().filter(|c| *c == code).count();
                assert_eq!(n, 1, "{code} appears in {n} groups");
            }
            assert_eq!(
                all.len(),
                super::CATALOGUE_CODES.len() + OUR_CODES.len(),
                "no extra codes"
            );
            for group in &cat.groups {
                assert!(!group.message.is_empty() && !group.message.contains('{'));
                let card = group
                    .codes
                    .iter()
                    .any(|c| c == "PAYMENT-1175" || c == "PAYMENT-8524");
                assert_eq!(group.append_code, card, "{:?}", group.codes);
            }
        }
        // Same groups in both languages; only the texts differ.
        let codes = |b: &Buyflow| -> Vec<(Vec<String>, bool)> {
            b.error_catalogue
                .groups
                .iter()
                .map(|g| (g.codes.clone(), g.append_code))
                .collect()
        };
        assert_eq!(codes(&en), codes(&es));
        assert_eq!(
            en.error_catalogue.generic,
            "Something's not right. We're having trouble completing your request. Please \
             contact Customer Care at {phone} so we can help you!"
        );
        // The seed keeps the account-not-found text English in Spanish too; the others differ.
        for (a, b) in en
            .error_catalogue
            .groups
            .iter()
            .zip(&es.error_catalogue.groups)
        {
            let account = a.codes.iter().any(|c| c.starts_with("ACCOUNT_NOT_FOUND"));
            assert_eq!(a.message == b.message, account, "{:?}", a.codes);
        }
    }

    #[test]
    fn buy_screen_texts_have_their_placeholders() {
        for locale in LOCALES {
            let buy: Buyflow = bundle(locale, "buyflow").unwrap();
            assert!(buy.confirmation.success.contains("{email}"));
            assert!(buy.payment.shipping_charge.contains("{amount}"));
            assert!(buy.progress.aria_label.contains("{percent}"));
            assert!(buy.review.card_number.contains("{last4}"));
            assert!(buy.cart.item_count.contains("{count}"));
            assert!(!buy.review.your_information.verified.is_empty());
            assert!(buy.error_page.back_url.starts_with("https://"));
            assert!(!buy.confirmation.whats_next.is_empty());
        }
        let en: Buyflow = bundle(Locale::En, "buyflow").unwrap();
        assert_eq!(en.error_page.title, "Something's not right.");
        assert_eq!(
            en.error_page.description,
            "We're having trouble completing your request."
        );
        assert!(en.broadband_label.static_label.is_none());
    }

    /// Seed 000 §1 figures every broadband facts label carries, in both languages.
    const SEED_FIGURES: [&str; 7] = [
        "200 Mbps",
        "$45",
        "$15",
        "234.5 Mbps",
        "11.72 Mbps",
        "18.4 ms",
        "$0",
    ];

    fn assert_seed_figures(label: &upstream::content::BroadbandFactsLabel) {
        let text = serde_json::to_string(label).unwrap();
        for figure in SEED_FIGURES {
            assert!(text.contains(figure), "missing {figure}");
        }
        assert_eq!(label.plans.len(), 2);
    }

    #[test]
    fn spanish_broadband_label_carries_the_seed_figures() {
        let es: Buyflow = bundle(Locale::Es, "buyflow").unwrap();
        assert_seed_figures(&es.broadband_label.static_label.expect("static label in es"));
    }

    #[test]
    fn english_broadband_facts_carry_the_seed_figures_for_hsd_030_only() {
        let facts = broadband_facts("HSD_030", "PREPAID", "INTERNET").expect("parses");
        assert_eq!(facts.labels.len(), 1);
        assert_eq!(facts.labels[0].tier_id, "HSD_030");
        assert_seed_figures(&facts.labels[0].label);
        assert!(serde_json::to_string(&facts).unwrap().contains("Unlimited"));
        // Unknown ids are left out, repeats and blanks ignored, the order kept.
        let some = broadband_facts(" HSD_999 , HSD_030,,HSD_030", "PREPAID", "INTERNET").unwrap();
        assert_eq!(some.labels.len(), 1);
        for (tiers, plan, lob) in [
            ("HSD_999", "PREPAID", "INTERNET"),
            ("HSD_030", "POSTPAID", "INTERNET"),
            ("HSD_030", "PREPAID", "VIDEO"),
            ("", "PREPAID", "INTERNET"),
            ("hsd_030", "PREPAID", "INTERNET"),
        ] {
            let none = broadband_facts(tiers, plan, lob).unwrap();
            assert!(none.labels.is_empty(), "{tiers} {plan} {lob}");
        }
    }

    #[test]
    fn logout_goes_to_the_sign_out_endpoint_with_the_prepaid_client_id() {
        for locale in LOCALES {
            let buy: Buyflow = bundle(locale, "buyflow").unwrap();
            let logout = &buy.logout;
            assert!(
                logout.url.starts_with("https://login.example-cable.com/"),
                "{}",
                logout.url
            );
            assert!(
                logout.url.contains("client_id=prepaid-digital"),
                "{}",
                logout.url
            );
            assert!(!logout.label.is_empty() && !logout.disabled, "{locale:?}");
            assert!(!buy.broadband_label.unavailable.is_empty());
        }
        let es: Buyflow = bundle(Locale::Es, "buyflow").unwrap();
        assert_eq!(es.logout.label, "Cerrar sesión");
    }

    #[test]
    fn unknown_area_has_no_bundle() {
        assert!(raw(Locale::En, "checkout").is_none());
        assert!(raw(Locale::Es, "account").is_none());
    }
}
