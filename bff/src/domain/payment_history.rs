//! Payment history (seed 001 §2 "Payment history", §3 "Prepaid transactions", §9): every
//! transaction line grouped by its UTC date, newest first, each group with its total; 12
//! lines a page. Computed once here; the page only formats (m/d/yyyy, `$x.xx`) and draws the
//! page buttons (the shared pagination of the web: first and last pages, ellipses above 7
//! pages).

use chrono::{DateTime, NaiveDate, Utc};
use upstream::payments::TransactionsResponse;

use super::money::parse_dollars;

/// Lines a page (seed 001 §9 "Payment history page size 12").
pub const PAGE_SIZE: usize = 12;

/// One transaction line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// When it was paid (any offset upstream, UTC here).
    pub at: DateTime<Utc>,
    /// Product code, e.g. `HSD_030`.
    pub product_code: String,
    /// Days of service bought.
    pub plan_days: u32,
    /// Amount, cents.
    pub amount_cents: i64,
    /// When the service bought expires, if the line says.
    pub expires: Option<DateTime<Utc>>,
}

/// The lines of one UTC date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The UTC date.
    pub date: NaiveDate,
    /// Sum of every line of that date (on every page), cents.
    pub total_cents: i64,
    /// The lines of that date on this page, newest first.
    pub lines: Vec<Line>,
}

/// One page of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// 1-based page shown (clamped to `1..=pages`).
    pub page: usize,
    /// Pages in all (at least 1).
    pub pages: usize,
    /// Lines in all.
    pub lines: usize,
    /// The page's lines by date, newest date first.
    pub groups: Vec<Group>,
}

fn instant(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s.trim())
        .ok()
        .map(|t| t.to_utc())
}

/// Every line of the answer, newest first (equal instants keep the answer's order); lines
/// whose date or amount does not parse are left out and counted in the second value.
pub fn lines(r: &TransactionsResponse) -> (Vec<Line>, usize) {
    let mut skipped = 0;
    let mut out: Vec<Line> = r
        .transactions
        .iter()
        .flat_map(|t| &t.transaction_detail)
        .filter_map(|d| {
            let line = instant(&d.transaction_date)
                .zip(parse_dollars(&d.amount))
                .map(|(at, amount_cents)| Line {
                    at,
                    product_code: d.product_code.clone(),
                    plan_days: d.plan_days,
                    amount_cents,
                    expires: instant(&d.expiration_date),
                });
            if line.is_none() {
                skipped += 1;
            }
            line
        })
        .collect();
    out.sort_by_key(|l| std::cmp::Reverse(l.at)); // newest first, stable
    (out, skipped)
}

/// Pages for `n` lines (at least 1).
pub fn page_count(n: usize) -> usize {
    n.div_ceil(PAGE_SIZE).max(1)
}

/// Page `page` (1-based, clamped) of `lines` (newest first, as [`lines`] returns them).
pub fn page(lines: &[Line], page: usize) -> Page {
    let pages = page_count(lines.len());
    let page = page.clamp(1, pages);
    let start = (page - 1) * PAGE_SIZE;
    let shown = lines.iter().skip(start).take(PAGE_SIZE);
    let mut groups: Vec<Group> = Vec::new();
    for l in shown {
        let date = l.at.date_naive();
        match groups.last_mut() {
            Some(g) if g.date == date => g.lines.push(l.clone()),
            _ => groups.push(Group {
                date,
                total_cents: lines
                    .iter()
                    .filter(|x| x.at.date_naive() == date)
                    .map(|x| x.amount_cents)
                    .sum(),
                lines: vec![l.clone()],
            }),
        }
    }
    Page {
        page,
        pages,
        lines: lines.len(),
        groups,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{FixedOffset, TimeZone};
    use proptest::prelude::*;
    use upstream::payments::{Transaction, TransactionDetail};

    fn answer(items: &[(i64, i64)], offset_h: i32) -> TransactionsResponse {
        let tz = FixedOffset::east_opt(offset_h * 3600).unwrap();
        TransactionsResponse {
            transactions: items
                .iter()
                .map(|&(secs, cents)| Transaction {
                    transaction_detail: vec![TransactionDetail {
                        transaction_date: tz.timestamp_opt(secs, 0).unwrap().to_rfc3339(),
                        amount: format!("{}.{:02}", cents / 100, cents % 100),
                        expiration_date: String::new(),
                        product_code: "HSD_030".into(),
                        plan_days: 30,
                    }],
                })
                .collect(),
            ..TransactionsResponse::default()
        }
    }

    fn all_pages(ls: &[Line]) -> Vec<Page> {
        (1..=page_count(ls.len())).map(|p| page(ls, p)).collect()
    }

    #[test]
    fn midnight_splits_the_utc_days() {
        let r = answer(&[(1_772_409_570, 4500), (1_772_409_630, 1500)], -5);
        // 2026-03-01T23:59:30Z and 2026-03-02T00:00:30Z: 19:xx on the same day in Atlanta
        let (ls, skipped) = lines(&r);
        assert_eq!(skipped, 0);
        let p = page(&ls, 1);
        let dates: Vec<_> = p.groups.iter().map(|g| g.date.to_string()).collect();
        assert_eq!(dates, ["2026-03-02", "2026-03-01"]);
        assert_eq!(p.groups[0].total_cents, 1500);
    }

    #[test]
    fn sizes_and_bad_lines() {
        for (n, pages) in [(0, 1), (1, 1), (12, 1), (13, 2), (100, 9)] {
            assert_eq!(page_count(n), pages, "{n}");
        }
        let mut r = answer(&[(1_772_409_570, 4500)], 0);
        r.transactions[0].transaction_detail[0].amount = "abc".into();
        assert_eq!(lines(&r), (Vec::new(), 1));
        assert_eq!(page(&[], 5).page, 1);
    }

    proptest! {
        #[test]
        fn groups_partition_and_add_up(
            items in prop::collection::vec((1_700_000_000i64..1_800_000_000, 0i64..100_000), 0..60),
            offset in -12i32..14,
        ) {
            let (ls, _) = lines(&answer(&items, offset));
            let pages = all_pages(&ls);
            // every line in exactly one group of one page, in order, newest first
            let flat: Vec<&Line> = pages.iter().flat_map(|p| &p.groups).flat_map(|g| &g.lines).collect();
            prop_assert_eq!(flat.len(), items.len());
            prop_assert!(flat.windows(2).all(|w| w[0].at >= w[1].at));
            for p in &pages {
                prop_assert!(p.groups.iter().map(|g| g.lines.len()).sum::<usize>() <= PAGE_SIZE);
                prop_assert!(p.groups.windows(2).all(|w| w[0].date > w[1].date));
                for g in &p.groups {
                    prop_assert!(g.lines.iter().all(|l| l.at.date_naive() == g.date));
                }
            }
            // each date's total is the sum of its lines; the totals add up to the whole
            let mut seen = std::collections::BTreeMap::new();
            for g in pages.iter().flat_map(|p| &p.groups) {
                seen.insert(g.date, g.total_cents);
            }
            let sum: i64 = items.iter().map(|i| i.1).sum();
            prop_assert_eq!(seen.values().sum::<i64>(), sum);
        }

        #[test]
        fn the_same_instants_group_alike_in_every_time_zone(
            items in prop::collection::vec((1_700_000_000i64..1_800_000_000, 0i64..100_000), 0..40),
            a in -12i32..14, b in -12i32..14,
        ) {
            let (la, _) = lines(&answer(&items, a));
            let (lb, _) = lines(&answer(&items, b));
            prop_assert_eq!(all_pages(&la), all_pages(&lb));
        }
    }
}
