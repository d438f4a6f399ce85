//! The payments simulator's part of the default world: each account's prepaid transactions
//! (seed 001 §3 "Prepaid transactions", §2 "Payment history"). The accounts of the
//! `payment-history` identity hold 0, 1, 12, 13 and 100 transactions (page boundaries of a
//! 12-item page and a history above 7 pages); every other open account holds
//! [`DEFAULT_COUNT`]. Dates are relative to the clock passed in and fall around midnight UTC
//! (00:00:30, 12:00:00 and 23:59:30), so grouping by UTC date is tested where a local time
//! zone would group differently. Synthetic data only.

use chrono::{DateTime, Days, NaiveTime, Utc};
use upstream::payments::{Transaction, TransactionDetail, TransactionsResponse};

use crate::account_world;

/// Transactions of an open account outside the `payment-history` identity.
pub const DEFAULT_COUNT: usize = 5;

/// `errorCode` of a transactions lookup for an account the world does not know.
pub const NOT_FOUND: &str = "ACCOUNT_NOT_FOUND";

/// How many transactions the world holds for `account_id`.
pub fn transaction_count(account_id: &str) -> usize {
    match account_id {
        "8993100000001401" => 0,
        "8993100000001402" => 1,
        "8993100000001403" => 12,
        "8993100000001404" => 13,
        "8993100000001405" => 100,
        _ => DEFAULT_COUNT,
    }
}

/// (product code, days, dollars) bought by transaction `i`: mostly the 30-day plan, every
/// third the 7-day one, every fifth Instant TV.
fn product(i: usize) -> (&'static str, u32, &'static str) {
    if i % 5 == 4 {
        ("VDO_XITV_30", 30, "22.00")
    } else if i % 3 == 2 {
        ("HSD_007", 7, "15.00")
    } else {
        ("HSD_030", 30, "45.00")
    }
}

/// Transaction `i` (0 newest) at `now`: three a pair of days, at 00:00:30 and 12:00:00 of
/// day `today - 2k - 1` and 23:59:30 of the day before (`k = i / 3`).
pub fn transaction(i: usize, now: DateTime<Utc>) -> TransactionDetail {
    let k = (i / 3) as u64;
    let day = now.date_naive() - Days::new(2 * k + 1);
    let (day, time) = match i % 3 {
        0 => (day, NaiveTime::from_hms_opt(0, 0, 30)),
        1 => (day, NaiveTime::from_hms_opt(12, 0, 0)),
        _ => (day - Days::new(1), NaiveTime::from_hms_opt(23, 59, 30)),
    };
    let at = day.and_time(time.unwrap_or_default()).and_utc();
    let (code, days, amount) = product(i);
    let expires = at + Days::new(u64::from(days));
    let fmt = |t: DateTime<Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    TransactionDetail {
        transaction_date: fmt(at),
        amount: amount.into(),
        expiration_date: fmt(expires),
        product_code: code.into(),
        plan_days: days,
    }
}

/// Answer of `POST /payments/get-prepaidpayment-transactions` for `account_id` at `now`
/// (oldest first, as a service might list them: the BFF orders them); an account the
/// world does not know: `errorCode` [`NOT_FOUND`].
pub fn transactions(account_id: &str, now: DateTime<Utc>) -> TransactionsResponse {
    if account_world::find(account_id).is_none() {
        return TransactionsResponse {
            transactions: Vec::new(),
            error_code: Some(NOT_FOUND.into()),
            error_message: Some(account_world::NOT_FOUND_MESSAGE.into()),
        };
    }
    let n = transaction_count(account_id);
    TransactionsResponse {
        transactions: (0..n)
            .rev()
            .map(|i| Transaction {
                transaction_detail: vec![transaction(i, now)],
            })
            .collect(),
        error_code: None,
        error_message: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-03-10T15:00:00Z")
            .unwrap()
            .to_utc()
    }

    #[test]
    fn sizes_and_midnight() {
        for (acct, n) in [
            ("8993100000001401", 0),
            ("8993100000001402", 1),
            ("8993100000001403", 12),
            ("8993100000001404", 13),
            ("8993100000001405", 100),
            ("8993100000000101", DEFAULT_COUNT),
        ] {
            assert_eq!(transactions(acct, now()).transactions.len(), n, "{acct}");
        }
        let t = transactions("8993100000001405", now());
        let dates: Vec<_> = t
            .transactions
            .iter()
            .map(|t| t.transaction_detail[0].transaction_date.clone())
            .collect();
        assert!(dates.iter().any(|d| d.ends_with("T23:59:30Z")));
        assert!(dates.iter().any(|d| d.ends_with("T00:00:30Z")));
        assert!(dates.iter().all(|d| d.as_str() < "2026-03-10"));
        assert_eq!(
            transactions("0000000000000000", now())
                .error_code
                .as_deref(),
            Some(NOT_FOUND)
        );
    }
}
