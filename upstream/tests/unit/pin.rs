//! Tests of `upstream::activation::pin`.

use upstream::activation::pin::*;

#[test]
fn a_redemption_fails_on_either_code_or_status_failure() {
    let ok = RedeemResponse {
        status: Some(SUCCESS.into()),
        ..Default::default()
    };
    assert!(!ok.failed());
    assert!(!RedeemResponse::default().failed());
    let by_code = RedeemResponse {
        status: Some(SUCCESS.into()),
        business_error_code: Some("BUS_PMT_006".into()),
        ..Default::default()
    };
    assert!(by_code.failed());
    assert_eq!(by_code.code(), Some("BUS_PMT_006"));
    let by_status = RedeemResponse {
        status: Some(FAILURE.into()),
        ..Default::default()
    };
    assert!(by_status.failed());
    assert_eq!(by_status.code(), None);
    let by_error = RedeemResponse {
        error_code: Some("X".into()),
        ..Default::default()
    };
    assert!(by_error.failed());
}
