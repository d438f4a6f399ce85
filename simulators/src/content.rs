//! Content simulator, prefix `/content` (call name `content`): the merchant-flow,
//! dictionary and buy-flow bundles in English (`/-/api/{site}/{area}`) and Spanish
//! (`/-/api/es/{site}/{area}`), seed 000 §2, §7 content calls. The only site is
//! [`SITE`]; any other site or area is 404.

use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{ApiResponse, Object, OpenApi, Tags, param::Header, param::Path, payload::Json};
use serde::de::DeserializeOwned;
use upstream::content::{Buyflow, Dictionary, MerchantFlow};

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
        (Locale::Es, "merchant-flow") => include_str!("../content/es/merchant-flow.json"),
        (Locale::Es, "dictionary") => include_str!("../content/es/dictionary.json"),
        (Locale::Es, "buyflow") => include_str!("../content/es/buyflow.json"),
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

/// The six content calls.
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

    /// Buy-flow content (footer), English; the footer is always English (seed 000 §2).
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

    /// Buy-flow content (footer), Spanish.
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
}

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

    #[test]
    fn unknown_area_has_no_bundle() {
        assert!(raw(Locale::En, "cart").is_none());
    }
}
