//! Drift check of the committed browser-to-BFF contract `openapi/bff.json`.
//! Regenerate with `cargo run -p xtask -- openapi` (or `UPDATE_CONTRACT=1 cargo test -p bff
//! --test it contract`).

use std::path::PathBuf;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../openapi/bff.json")
}

#[test]
fn committed_spec_matches_code() {
    let rendered = format!("{}\n", bff::openapi_spec().trim_end());
    let path = committed_path();
    if std::env::var_os("UPDATE_CONTRACT").is_some_and(|v| v == "1") {
        std::fs::write(&path, &rendered).expect("write openapi/bff.json");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "openapi/bff.json differs from the code: regenerate with `cargo run -p xtask -- openapi` \
         (or UPDATE_CONTRACT=1 cargo test -p bff --test it contract) and commit it"
    );
}

#[test]
fn spec_has_stable_operation_ids_and_one_tag_each() {
    let spec: serde_json::Value = serde_json::from_str(&bff::openapi_spec()).unwrap();
    assert_eq!(spec["info"]["title"], "Prepaid Portal BFF");
    let mut ids = Vec::new();
    for (_, item) in spec["paths"].as_object().unwrap() {
        for (_, op) in item.as_object().unwrap() {
            ids.push(op["operationId"].as_str().unwrap().to_owned());
            assert_eq!(op["tags"].as_array().unwrap().len(), 1, "{op}");
        }
    }
    ids.sort();
    let want = [
        "activateAccount",
        "addAccountPaymentInstrument",
        "addLitepayPaymentInstrument",
        "addPaymentInstrument",
        "assignDevice",
        "cancelAutoRefill",
        "cancelScheduledMove",
        "checkMoveAddress",
        "chooseAccount",
        "chooseMoveUnit",
        "createDigitalSession",
        "createMove",
        "decodeSignIn",
        "enrolAutoRefill",
        "getAccountDashboard",
        "getAccountDashboardEs",
        "getAccountInformation",
        "getAccountPicker",
        "getActivation",
        "getActivationContent",
        "getActivationContentEs",
        "getAll",
        "getAllEs",
        "getBroadbandFacts",
        "getBuyflow",
        "getBuyflowEs",
        "getCardEntryConfig",
        "getCart",
        "getCartContent",
        "getCartContentEs",
        "getDashboard",
        "getDictionary",
        "getDictionaryEs",
        "getLitepayConfirmation",
        "getLitepayRefill",
        "getMerchantFlow",
        "getMerchantFlowEs",
        "getMove",
        "getMoveConfirmation",
        "getPaymentHistory",
        "getPaymentInfo",
        "getPrepaidPaymentId",
        "getProductDetails",
        "getProfile",
        "getPromotions",
        "getReconnect",
        "getRefillConfirmation",
        "getRefillOffer",
        "getSyncUp",
        "getTax",
        "getToken",
        "health",
        "logout",
        "lookupLitepayAccount",
        "ping",
        "ready",
        "redeemRefillPin",
        "removePaymentInstrument",
        "restartDevice",
        "restoreDigitalSession",
        "searchAddresses",
        "setMoveDate",
        "signOut",
        "startSignIn",
        "submitLitepayRefill",
        "submitOrder",
        "submitReconnect",
        "submitRefill",
        "submitSyncUp",
        "updateCart",
        "updateCommunicationPreferences",
        "updateCustomer",
        "updatePaymentInstrument",
        "updateRefillCart",
        "validateCustomerAddress",
        "validateCustomerServiceability",
        "validateMac",
        "validateRefillPin",
    ];
    assert_eq!(ids, want);
}

/// Every state-changing operation declares the `csrf` security scheme and the shared 403,
/// 413, 429 and 503 answers (the GETs that change the checkout: csrf, 403 and 503); no
/// operation takes the token as a parameter of its own. `csrf::every_writing_operation_refuses_a_request_without_the_token`
/// proves the declarations true.
#[test]
fn state_changing_operations_declare_csrf_and_the_shared_answers() {
    let spec: serde_json::Value = serde_json::from_str(&bff::openapi_spec()).unwrap();
    assert_eq!(
        spec["components"]["securitySchemes"]["csrf"]["name"],
        "x-xsrf-token"
    );
    let mut writes = 0;
    let mut gets_that_write = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let params = op["parameters"].as_array().cloned().unwrap_or_default();
            assert!(
                params.iter().all(|p| p["name"] != "x-xsrf-token"),
                "{method} {path} takes the token as a parameter"
            );
            let declares = op["security"]
                .as_array()
                .is_some_and(|s| s.iter().any(|r| r.get("csrf").is_some()));
            let responses = op["responses"].as_object().unwrap();
            if matches!(method.as_str(), "post" | "put" | "patch" | "delete") {
                writes += 1;
                assert!(declares, "{method} {path} does not declare csrf");
                for status in ["403", "413", "429", "503"] {
                    assert!(
                        responses.contains_key(status),
                        "{method} {path} lacks {status}"
                    );
                }
            } else if declares {
                gets_that_write.push(op["operationId"].as_str().unwrap().to_owned());
                assert!(responses.contains_key("403"), "{method} {path} lacks 403");
            }
            if path != "/healthz" {
                assert!(responses.contains_key("503"), "{method} {path} lacks 503");
            }
        }
    }
    assert_eq!(writes, 37, "the contract's state-changing operations");
    gets_that_write.sort();
    assert_eq!(
        gets_that_write,
        [
            "getPrepaidPaymentId",
            "getProductDetails",
            "getSyncUp",
            "restoreDigitalSession",
            "validateCustomerServiceability"
        ]
    );
}
