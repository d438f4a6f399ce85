//! The `account-dashboard` content bundle (seed 001 §2 "Dashboard", §7 "Other content"):
//! served in both languages, typed strictly, seed texts verbatim, Spanish really translated.

use serde_json::Value;
use simulators::content::{self, Locale};
use upstream::account_content::{AccountDashboard, HelpfulLinkId};

use crate::common::*;

fn bundle(locale: Locale) -> AccountDashboard {
    content::bundle(locale, "account-dashboard").expect("account-dashboard parses strictly")
}

#[tokio::test]
async fn served_in_english_and_spanish_and_404_for_another_site() {
    for (path, heading) in [
        (
            "/content/-/api/my.prepaid/account-dashboard",
            "Services status",
        ),
        (
            "/content/-/api/es/my.prepaid/account-dashboard",
            "Estado de los servicios",
        ),
    ] {
        let body = json(client().get(path).send().await).await;
        assert_eq!(body["services"]["heading"], heading, "{path}");
    }
    client()
        .get("/content/-/api/other.site/account-dashboard")
        .send()
        .await
        .assert_status(poem::http::StatusCode::NOT_FOUND);
}

#[test]
fn seed_texts_are_verbatim_in_english() {
    let en = bundle(Locale::En);
    assert_eq!(en.reset_router.failed_title, "There was an issue");
    assert_eq!(en.reset_router.failed_body, "Please try again");
    assert_eq!(en.move_cancelled, "Your scheduled move has been cancelled");
    assert_eq!(en.services.reactivate, "Reactivate");
    assert_eq!(en.services.internet_name, "Prepaid Internet");
    assert_eq!(en.auto_refill.cancel, "Cancel Auto Refill");
    assert_eq!(en.welcome_tour.steps[0].title, "Activation Successful");
}

#[test]
fn both_languages_have_the_five_tour_steps_and_the_placeholders() {
    for locale in [Locale::En, Locale::Es] {
        let c = bundle(locale);
        assert_eq!(c.welcome_tour.steps.len(), 5, "{locale:?}");
        assert!(c.welcome_tour.counter.contains("{n}/4"), "{locale:?}");
        assert!(c.services.days_left_one.contains("{days}"));
        assert!(c.services.days_left_other.contains("{days}"));
        assert!(
            c.services.expires_on.contains("{date}") && c.services.expired_on.contains("{date}")
        );
        assert!(c.acp.approved.contains("{amount}"));
        assert!(c.acp.call.url.starts_with("tel:+1"));
        assert!(!c.reconnect_faq.items.is_empty());
    }
}

#[test]
fn every_helpful_link_once_with_its_locale_and_target() {
    use HelpfulLinkId::*;
    let all = [
        Help,
        OffersPromos,
        PaymentHistory,
        PaymentMethod,
        RefillCash,
        ResetRouter,
        SetupRefill,
        Move,
    ];
    for (locale, prefix) in [(Locale::En, "/en/"), (Locale::Es, "/es/")] {
        let links = bundle(locale).helpful_links.links;
        for id in all {
            assert_eq!(
                links.iter().filter(|l| l.id == id).count(),
                1,
                "{locale:?} {id:?}"
            );
        }
        for link in &links {
            assert!(matches!(link.target.as_str(), "_self" | "_blank"));
            let external = link.url.starts_with("https://");
            assert!(
                external || link.url.starts_with(prefix) || link.id == ResetRouter,
                "{}",
                link.url
            );
            // external pages open in a new tab (seed 001 §2: help opens a new tab)
            assert_eq!(external, link.target == "_blank", "{}", link.url);
        }
        let help = links.iter().find(|l| l.id == Help).unwrap();
        assert_eq!(help.target, "_blank");
    }
}

/// Every text of the Spanish bundle differs from the English one at the same place, but for
/// proper names, links and codes; and it is written with accents and marks.
#[test]
fn spanish_is_translated() {
    let en = serde_json::to_value(bundle(Locale::En)).unwrap();
    let es = serde_json::to_value(bundle(Locale::Es)).unwrap();
    let same_allowed = [
        "HBO",
        "StreamPix",
        "Cinemax",
        "Showtime",
        "Deportes",
        "Latino",
        "TV",
        // the product's brand name (the detail page's heading)
        "Instant TV",
        "_self",
        "_blank",
        // card brands (the saved card's type)
        "Visa",
        "Mastercard",
        "Discover",
        "American Express",
        // the masked card number (a pattern, no words)
        "xxxx-xxxx-xxxx-{last4}",
    ];
    let mut pairs = Vec::new();
    leaves(&en, &es, "", &mut pairs);
    assert!(pairs.len() > 100, "walked {} texts", pairs.len());
    for (path, a, b) in pairs {
        let code_like = path.ends_with(".code")
            || path.ends_with(".id")
            || path.ends_with(".url")
            || path.ends_with(".target");
        if a == b && !code_like {
            assert!(
                same_allowed.contains(&a.as_str()),
                "{path}: {a:?} is not translated"
            );
        }
    }
    let raw = content::raw(Locale::Es, "account-dashboard").unwrap();
    for mark in ['¿', '¡', 'á', 'é', 'í', 'ó', 'ú', 'ñ'] {
        assert!(raw.contains(mark), "missing {mark}");
    }
}

fn leaves(a: &Value, b: &Value, path: &str, out: &mut Vec<(String, String, String)>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            // the Spanish plan-tier label is static; the English one is the provider's widget's
            let only_es = |k: &&String| path.ends_with(".broadbandLabel") && *k == "staticLabel";
            let keys = y.keys().filter(|k| !only_es(k)).count();
            assert_eq!(x.len(), keys, "{path}: same keys");
            for (k, v) in x {
                leaves(v, &y[k], &format!("{path}.{k}"), out);
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{path}: same length");
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                leaves(v, w, &format!("{path}[{i}]"), out);
            }
        }
        (Value::String(x), Value::String(y)) => out.push((path.to_owned(), x.clone(), y.clone())),
        (Value::Bool(x), Value::Bool(y)) => assert_eq!(x, y, "{path}: the same flag"),
        _ => panic!("{path}: different shapes"),
    }
}
