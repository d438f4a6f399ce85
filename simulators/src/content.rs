//! Content simulator, prefix `/content` (call name `content`): the merchant-flow,
//! dictionary and buy-flow bundles in English (`/-/api/{site}/{area}`) and Spanish
//! (`/-/api/es/{site}/{area}`), and the cart content (`/-/api/cart`, `/-/api/es/cart`,
//! no site), seed 000 §2, §7 content calls. The only site is [`SITE`]; any other site or
//! area is 404.

use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{ApiResponse, Object, OpenApi, Tags, param::Header, param::Path, payload::Json};
use serde::de::DeserializeOwned;
use upstream::content::{Buyflow, CartContent, Dictionary, MerchantFlow};

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
        (Locale::Es, "merchant-flow") => include_str!("../content/es/merchant-flow.json"),
        (Locale::Es, "dictionary") => include_str!("../content/es/dictionary.json"),
        (Locale::Es, "buyflow") => include_str!("../content/es/buyflow.json"),
        (Locale::Es, "cart") => include_str!("../content/es/cart.json"),
        _ => return None,
    })
}

/// Parses one embedded bundle into its typed shape (`deny_unknown_fields`).
pub fn bundle<T: DeserializeOwned>(locale: Locale, area: &str) -> Result<T, serde_json::Error> {
    serde_json::from_str(raw(locale, area).unwrap_or("null"))
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

#[derive(Tags)]
enum Tag {
    /// Content: page texts in English and Spanish.
    Content,
}

/// The eight content calls.
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

    #[test]
    fn spanish_is_written_with_accents_and_marks() {
        let raw = raw(Locale::Es, "merchant-flow").unwrap();
        for mark in ['¿', '¡', 'á', 'é', 'í', 'ó', 'ú'] {
            assert!(raw.contains(mark), "missing {mark}");
        }
    }


    /// Codes we named (business-codes.md: the account-not-found placeholder and `_025`).
    const OUR_CODES: &[&str] = &["ACCOUNT_NOT_FOUND", "ACCOUNT_NOT_FOUND_025"];

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

    #[test]
    fn spanish_broadband_label_carries_the_seed_figures() {
        let es: Buyflow = bundle(Locale::Es, "buyflow").unwrap();
        let label = es.broadband_label.static_label.expect("static label in es");
        let text = serde_json::to_string(&label).unwrap();
        for figure in [
            "200 Mbps",
            "$45",
            "$15",
            "234.5 Mbps",
            "11.72 Mbps",
            "18.4 ms",
            "$0",
        ] {
            assert!(text.contains(figure), "missing {figure}");
        }
        assert_eq!(label.plans.len(), 2);
    }

    #[test]
    fn unknown_area_has_no_bundle() {
        assert!(raw(Locale::En, "checkout").is_none());
        assert!(raw(Locale::Es, "account").is_none());
    }
}
