//! Refill simulator, prefix `/refill` (call name `refill`): the refill order of a signed-in
//! account (seed 002 §3.6 payload, §3.9 answer, §4.1, §7.2, §7.5).
//!
//! The world's answer ([`answer`]): `REFILL_ACCOUNT_INELIGIBLE` for an account the world
//! does not know or a closed one; `REFILL_PAYMENT_INVALID` when `paymentInstToken` is neither
//! the account's stored card in this run nor a one-time instrument the run added for it
//! ([`crate::payments::pays_for`]);
//! `REFILL_PLAN_UNAVAILABLE` when a `planCode` is not among the account's `availablePlans`;
//! else `response.status: SUCCESS` with an order number `RF` + 10 digits derived from the
//! account and `transactionId`. A scenario's `respond` for `refill` is merged into that
//! answer before the ledger sees it (the middleware merges the same keys into what is sent),
//! so a scenario's refusal (`errorCode`) records nothing.
//!
//! The **order ledger** ([`ledger`]): per run and account, every accepted refill (no
//! `errorCode`), recorded once: a refill whose `transactionId` was already accepted in the
//! run is answered with the first answer and recorded no more (how a BFF that lost an answer
//! finds its refill by asking again). Recorded before the answer leaves, so a fault after the
//! work (`crate::plan`) leaves a refill the caller never heard about.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::identity::PrepaidStatus;
use upstream::refill::{
    EzRefillRequest, REFILL_ACCOUNT_INELIGIBLE, REFILL_PAYMENT_INVALID, REFILL_PLAN_UNAVAILABLE,
    RefillAnswer, RefillOrderDetails, RefillProduct, RefillRequest, RefillResponse, STATUS_SUCCESS,
};

use crate::run_state::{Run, RunStore};
use crate::scenario::{self, Call};
use crate::{account_world, payments};

/// One accepted refill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    /// The payload's `transactionId` (one priced cart of the BFF).
    pub transaction_id: String,
    /// The order number answered (empty when the answer had none: a warning).
    pub order_number: String,
    /// `paymentInfo.amount` charged, dollars with 2 decimals.
    pub amount: String,
    /// The plan codes bought, with their `planQty`.
    pub plans: Vec<(String, u32)>,
    /// The `paymentInstToken` charged (the stored card's or a one-time instrument's).
    pub payment_inst_token: String,
    /// The answer sent (a repeated `transactionId` gets it again).
    pub answer: RefillResponse,
}

impl LedgerEntry {
    fn of(
        transaction_id: &str,
        amount: &str,
        token: &str,
        products: &[RefillProduct],
        answer: &RefillResponse,
    ) -> Self {
        Self {
            transaction_id: transaction_id.to_owned(),
            order_number: answer
                .response
                .as_ref()
                .and_then(|r| r.order_details.as_ref())
                .map(|o| o.order_number.clone())
                .unwrap_or_default(),
            amount: amount.to_owned(),
            plans: products
                .iter()
                .map(|p| (p.plan_code.clone(), p.plan_qty))
                .collect(),
            payment_inst_token: token.to_owned(),
            answer: answer.clone(),
        }
    }
}

/// The accepted refills per (run, account).
pub(crate) static LEDGER: RunStore<Vec<LedgerEntry>> = RunStore::new();

/// The refills `run` accepted for `account`, in order.
pub fn ledger(run: &Run, account: &str) -> Vec<LedgerEntry> {
    LEDGER.get(run, account).unwrap_or_default()
}

fn refused(code: &str, message: &str) -> RefillResponse {
    RefillResponse {
        response: None,
        error_code: Some(code.into()),
        error_message: Some(message.into()),
    }
}

/// `RF` + 10 digits of an FNV-1a hash of the account and transaction id (the same refill
/// gets the same number).
pub fn order_number(account: &str, transaction_id: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in account.bytes().chain([b':']).chain(transaction_id.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("RF{:010}", h % 10_000_000_000)
}

/// The world's answer to `req` in `run` (rules in the module docs).
pub fn answer(run: &Run, req: &RefillRequest) -> RefillResponse {
    let account = req.customer_info.account_id.as_str();
    let dash = account_world::dashboard(account, chrono::Utc::now());
    let open = dash
        .customer_info
        .as_ref()
        .is_some_and(|c| c.prepaid_account_status == PrepaidStatus::Open);
    if dash.error_code.is_some() || !open {
        return refused(REFILL_ACCOUNT_INELIGIBLE, "The account cannot be refilled.");
    }
    if !payments::pays_for(run, account, &req.payment_info.payment_inst_token) {
        return refused(
            REFILL_PAYMENT_INVALID,
            "The payment instrument is not on file.",
        );
    }
    let offered = |code: &str| dash.available_plans.iter().any(|p| p.product_code == code);
    if req.prepaid_products.is_empty()
        || req.prepaid_products.iter().any(|p| !offered(&p.plan_code))
    {
        return refused(
            REFILL_PLAN_UNAVAILABLE,
            "A product is not offered to the account.",
        );
    }
    RefillResponse {
        response: Some(RefillAnswer {
            status: STATUS_SUCCESS.into(),
            order_details: Some(RefillOrderDetails {
                order_number: order_number(account, &req.transaction_id),
            }),
        }),
        error_code: None,
        error_message: None,
    }
}

/// The world's answer to a quick refill (seed 002 §3.8) in `run`: the signed-in refill's
/// rules ([`answer`]) over the same fields (account, card token, plans).
pub fn ez_answer(run: &Run, req: &EzRefillRequest) -> RefillResponse {
    let as_refill = RefillRequest {
        customer_info: req.customer_info.clone(),
        payment_info: upstream::refill::RefillPaymentInfo {
            amount: req.payment_info.amount.clone(),
            payment_inst_token: req.payment_info.payment_inst_token.clone(),
            ..Default::default()
        },
        prepaid_products: req.prepaid_products.clone(),
        transaction_id: req.transaction_id.clone(),
        ..Default::default()
    };
    answer(run, &as_refill)
}

/// The answer of refill `transaction_id` of `account` in `run`, once: a repeated transaction
/// gets its first answer; otherwise `answer` is computed and, when it is no refusal, booked
/// in the ledger. One lock for the check and the record: concurrent repeats see each other.
fn booked(
    run: &Run,
    account: &str,
    transaction_id: &str,
    amount: &str,
    token: &str,
    products: &[RefillProduct],
    answer: impl FnOnce() -> RefillResponse,
) -> RefillResponse {
    LEDGER.update(run, account, |book| {
        let book = book.get_or_insert_with(Vec::new);
        if let Some(e) = book.iter().find(|e| e.transaction_id == transaction_id) {
            return e.answer.clone();
        }
        let a = answer();
        if a.error_code.is_none() {
            book.push(LedgerEntry::of(transaction_id, amount, token, products, &a));
        }
        a
    })
}

/// `answer` with the scenario's `respond` for `call` merged in (top-level keys replaced),
/// as the middleware will send it.
fn with_scenario(answer: RefillResponse, scenario_id: Option<&str>) -> RefillResponse {
    with_scenario_of(answer, scenario_id, Call::Refill)
}

fn with_scenario_of(
    answer: RefillResponse,
    scenario_id: Option<&str>,
    call: Call,
) -> RefillResponse {
    let Some(respond) = scenario_id
        .and_then(|id| scenario::find(id.trim()))
        .and_then(|s| s.call(call))
        .and_then(|o| o.respond)
    else {
        return answer;
    };
    let (Ok(serde_json::Value::Object(mut base)), serde_json::Value::Object(over)) =
        (serde_json::to_value(&answer), respond)
    else {
        return answer;
    };
    for (k, v) in over {
        base.insert(k, v);
    }
    serde_json::from_value(serde_json::Value::Object(base)).unwrap_or(answer)
}

#[derive(Tags)]
enum Tag {
    /// Refill: the refill order of a signed-in account.
    Refill,
}

/// `POST /refill/refill`.
#[derive(Debug, Clone, Copy, Default)]
pub struct RefillApi;

#[OpenApi(prefix_path = "/refill", tag = "Tag::Refill")]
impl RefillApi {
    /// Refills the account of `customerInfo.accountID` (rules in the module docs): 200 with
    /// `response.status: SUCCESS` and `response.orderDetails.orderNumber`, or 200 with
    /// `errorCode` (`REFILL_ACCOUNT_INELIGIBLE`, `REFILL_PAYMENT_INVALID`,
    /// `REFILL_PLAN_UNAVAILABLE`; scenarios also answer `REFILL_PAYMENT_DECLINED` and
    /// `REFILL_SYSTEM_ERROR`). A `transactionId` already accepted in the run gets its first
    /// answer and refills nothing more.
    #[oai(path = "/refill", method = "post", operation_id = "refill")]
    async fn refill(
        &self,
        body: Json<RefillRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only): the ledger is kept per run.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<RefillResponse> {
        let run = Run::of(&run);
        let account = body.customer_info.account_id.clone();
        let decide = || with_scenario(answer(&run, &body), scenario.0.as_deref());
        Json(booked(
            &run,
            &account,
            &body.transaction_id,
            &body.payment_info.amount,
            &body.payment_info.payment_inst_token,
            &body.prepaid_products,
            decide,
        ))
    }

    /// The quick refill of `customerInfo.accountID` (seed 002 §3.8, flow `EZREFILL`): the
    /// signed-in refill's rules (an unknown or closed account `REFILL_ACCOUNT_INELIGIBLE`, a
    /// token that is not the card the run added `REFILL_PAYMENT_INVALID`, a plan not offered
    /// `REFILL_PLAN_UNAVAILABLE`, else `SUCCESS` with `RF` + 10 digits), recorded in the same
    /// ledger, once per `transactionId`.
    #[oai(path = "/ezrefill", method = "post", operation_id = "ezRefill")]
    async fn ez_refill(
        &self,
        body: Json<EzRefillRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only): the ledger is kept per run.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<RefillResponse> {
        let run = Run::of(&run);
        let account = body.customer_info.account_id.clone();
        let decide = || {
            with_scenario_of(
                ez_answer(&run, &body),
                scenario.0.as_deref(),
                Call::EzRefill,
            )
        };
        Json(booked(
            &run,
            &account,
            &body.transaction_id,
            &body.payment_info.amount,
            &body.payment_info.payment_inst_token,
            &body.prepaid_products,
            decide,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upstream::refill::{RefillCustomerInfo, RefillPaymentInfo, RefillProduct};

    const ACCOUNT: &str = "8993100000001301"; // expiring soon: a Visa stored

    fn req(token: &str, plans: &[&str]) -> RefillRequest {
        RefillRequest {
            customer_info: RefillCustomerInfo {
                account_id: ACCOUNT.into(),
                ..Default::default()
            },
            payment_info: RefillPaymentInfo {
                amount: "45.00".into(),
                payment_inst_token: token.into(),
                ..Default::default()
            },
            prepaid_products: plans
                .iter()
                .map(|p| RefillProduct {
                    plan_code: (*p).into(),
                    plan_qty: 1,
                    ..Default::default()
                })
                .collect(),
            transaction_id: "t1".into(),
            ..Default::default()
        }
    }

    #[test]
    fn world_rules() {
        let run = Run::new(Some("refill-world"));
        let token = format!("PIT-{ACCOUNT}");
        let ok = answer(&run, &req(&token, &["HSD_030"]));
        let r = ok.response.unwrap();
        assert_eq!(r.status, STATUS_SUCCESS);
        assert_eq!(
            r.order_details.unwrap().order_number,
            order_number(ACCOUNT, "t1")
        );
        let code = |a: RefillResponse| a.error_code.unwrap_or_default();
        assert_eq!(
            code(answer(&run, &req("other", &["HSD_030"]))),
            REFILL_PAYMENT_INVALID
        );
        assert_eq!(
            code(answer(&run, &req(&token, &["HSD_999"]))),
            REFILL_PLAN_UNAVAILABLE
        );
        assert_eq!(
            code(answer(&run, &req(&token, &[]))),
            REFILL_PLAN_UNAVAILABLE
        );
        let mut unknown = req(&token, &["HSD_030"]);
        unknown.customer_info.account_id = "8993100000009999".into();
        assert_eq!(code(answer(&run, &unknown)), REFILL_ACCOUNT_INELIGIBLE);
        let mut closed = req(&token, &["HSD_030"]);
        closed.customer_info.account_id = "8993100000000203".into();
        assert_eq!(code(answer(&run, &closed)), REFILL_ACCOUNT_INELIGIBLE);
        assert!(
            order_number("a", "b").len() == 12 && order_number("a", "b") != order_number("a", "c")
        );
    }

    #[test]
    fn a_scenario_refusal_is_merged() {
        let ok = answer(
            &Run::new(Some("x")),
            &req(&format!("PIT-{ACCOUNT}"), &["HSD_030"]),
        );
        assert_eq!(with_scenario(ok.clone(), None), ok);
        assert_eq!(with_scenario(ok.clone(), Some("no/such")), ok);
    }
}
