//! The test-card table of the card-entry stand-in ([`crate::card_entry`]): card number ->
//! outcome, like the test cards payment providers publish. One card per payment code of
//! `../shared/business-codes.md` (`PAYMENT-*`, `SYS_PMT_*`, `BUS_PMT_*`), plus one success
//! card per card type. Rendered as `simulators/TEST_CARDS.md` by [`markdown`] (a test keeps
//! the file in step; `UPDATE_TEST_CARDS=1 cargo test -p simulators --test it buy_services`
//! rewrites it).
//!
//! Code cards are Visa numbers `40 F 0 CCCC 0000000 L`: `F` the family (1 `PAYMENT-`,
//! 2 `SYS_PMT_`, 3 `BUS_PMT_`), `CCCC` the code's digits, `L` the Luhn check digit; so
//! `4010 1175 0000 0007` leads to `PAYMENT-1175`. Every number passes the Luhn check.
//!
//! The outcome travels in the payment token ([`token`], [`outcome_of_token`]), so the card
//! decides the add-instrument answer (and, for `PAYMENT-0001`, the submit-order answer).

/// Card type as the card-entry component reports it (`cardDetails.cardType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardType {
    /// `visa`.
    Visa,
    /// `mastercard`.
    Mastercard,
    /// `discover`.
    Discover,
    /// `american-express`.
    AmericanExpress,
}

impl CardType {
    /// Every card type.
    pub const ALL: [CardType; 4] = [
        CardType::Visa,
        CardType::Mastercard,
        CardType::Discover,
        CardType::AmericanExpress,
    ];

    /// The component's spelling, e.g. `american-express` (seed 000 §3 card type map).
    pub fn name(self) -> &'static str {
        match self {
            CardType::Visa => "visa",
            CardType::Mastercard => "mastercard",
            CardType::Discover => "discover",
            CardType::AmericanExpress => "american-express",
        }
    }

    /// The type of a card number by its leading digits (IIN ranges), if known.
    pub fn of_number(number: &str) -> Option<CardType> {
        let two: u32 = number.get(..2)?.parse().ok()?;
        let four: u32 = number.get(..4)?.parse().ok()?;
        let three: u32 = number.get(..3)?.parse().ok()?;
        Some(match () {
            _ if number.starts_with('4') => CardType::Visa,
            _ if (51..=55).contains(&two) || (2221..=2720).contains(&four) => CardType::Mastercard,
            _ if four == 6011 || two == 65 || (644..=649).contains(&three) => CardType::Discover,
            _ if two == 34 || two == 37 => CardType::AmericanExpress,
            _ => return None,
        })
    }

    /// CVV length: 4 for American Express, else 3.
    pub fn cvv_len(self) -> usize {
        if self == CardType::AmericanExpress {
            4
        } else {
            3
        }
    }
}

/// What a test card leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every call succeeds.
    Success,
    /// `add-secure-prepaid-payment-instrument` answers `businessErrorCode: <code>`.
    AddInstrument(&'static str),
    /// The instrument is added; `prepaid-customer-activation` answers
    /// `businessErrorCode: <code>` (the unrecoverable `PAYMENT-0001`, seed 000 §4).
    SubmitOrder(&'static str),
}

impl Outcome {
    /// The payment code, if any.
    pub fn code(self) -> Option<&'static str> {
        match self {
            Outcome::Success => None,
            Outcome::AddInstrument(code) | Outcome::SubmitOrder(code) => Some(code),
        }
    }
}

/// One test card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TestCard {
    /// Card number, digits only.
    pub number: &'static str,
    /// Its type.
    pub card_type: CardType,
    /// What it leads to.
    pub outcome: Outcome,
}

const fn card(number: &'static str, card_type: CardType, outcome: Outcome) -> TestCard {
    TestCard {
        number,
        card_type,
        outcome,
    }
}

/// The table: success cards first, then one card per payment code in the order of
/// `business-codes.md`.
pub const CARDS: &[TestCard] = &[
    card("4111111111111111", CardType::Visa, Outcome::Success),
    card("5555555555554444", CardType::Mastercard, Outcome::Success),
    card("6011111111111117", CardType::Discover, Outcome::Success),
    card(
        "378282246310005",
        CardType::AmericanExpress,
        Outcome::Success,
    ),
    card(
        "4010000100000009",
        CardType::Visa,
        Outcome::SubmitOrder("PAYMENT-0001"),
    ),
    card(
        "4010117500000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1175"),
    ),
    card(
        "4010115100000005",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1151"),
    ),
    card(
        "4010100900000009",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1009"),
    ),
    card(
        "4010114700000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1147"),
    ),
    card(
        "4010119500000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1195"),
    ),
    card(
        "4010123900000001",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1239"),
    ),
    card(
        "4010114900000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1149"),
    ),
    card(
        "4010119700000001",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1197"),
    ),
    card(
        "4010119400000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1194"),
    ),
    card(
        "4010124400000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1244"),
    ),
    card(
        "4010122500000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1225"),
    ),
    card(
        "4010124300000005",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1243"),
    ),
    card(
        "4010118800000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1188"),
    ),
    card(
        "4010831200000006",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8312"),
    ),
    card(
        "4010809400000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8094"),
    ),
    card(
        "4010124000000008",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1240"),
    ),
    card(
        "4010990000000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-9900"),
    ),
    card(
        "4010831900000009",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8319"),
    ),
    card(
        "4010852400000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8524"),
    ),
    card(
        "4010801500000006",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8015"),
    ),
    card(
        "4010115600000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1156"),
    ),
    card(
        "4010116700000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1167"),
    ),
    card(
        "4010802300000006",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8023"),
    ),
    card(
        "4010100300000005",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1003"),
    ),
    card(
        "4010115000000006",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1150"),
    ),
    card(
        "4010104300000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1043"),
    ),
    card(
        "4010100100000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1001"),
    ),
    card(
        "4010837200000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8372"),
    ),
    card(
        "4010103800000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1038"),
    ),
    card(
        "4010100400000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1004"),
    ),
    card(
        "4010800100000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8001"),
    ),
    card(
        "4010803200000005",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8032"),
    ),
    card(
        "4010116400000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1164"),
    ),
    card(
        "4010813200000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8132"),
    ),
    card(
        "4010860000000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8600"),
    ),
    card(
        "4010837300000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8373"),
    ),
    card(
        "4010114600000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1146"),
    ),
    card(
        "4010131000000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1310"),
    ),
    card(
        "4010130900000006",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1309"),
    ),
    card(
        "4010803900000008",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8039"),
    ),
    card(
        "4010800000000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8000"),
    ),
    card(
        "4010801700000004",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8017"),
    ),
    card(
        "4010809700000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8097"),
    ),
    card(
        "4010800600000007",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8006"),
    ),
    card(
        "4010809600000008",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8096"),
    ),
    card(
        "4010834900000003",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8349"),
    ),
    card(
        "4010120400000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-1204"),
    ),
    card(
        "4010881300000000",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-8813"),
    ),
    card(
        "4010901000000009",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-9010"),
    ),
    card(
        "4010301000000002",
        CardType::Visa,
        Outcome::AddInstrument("PAYMENT-3010"),
    ),
    card(
        "4020000300000005",
        CardType::Visa,
        Outcome::AddInstrument("SYS_PMT_003"),
    ),
    card(
        "4020000700000001",
        CardType::Visa,
        Outcome::AddInstrument("SYS_PMT_007"),
    ),
    card(
        "4020000800000000",
        CardType::Visa,
        Outcome::AddInstrument("SYS_PMT_008"),
    ),
    card(
        "4020000900000009",
        CardType::Visa,
        Outcome::AddInstrument("SYS_PMT_009"),
    ),
    card(
        "4020001000000006",
        CardType::Visa,
        Outcome::AddInstrument("SYS_PMT_010"),
    ),
    card(
        "4030000300000003",
        CardType::Visa,
        Outcome::AddInstrument("BUS_PMT_003"),
    ),
    card(
        "4030000400000002",
        CardType::Visa,
        Outcome::AddInstrument("BUS_PMT_004"),
    ),
    card(
        "4030000600000000",
        CardType::Visa,
        Outcome::AddInstrument("BUS_PMT_006"),
    ),
];

/// Luhn check of a digits-only card number.
pub fn luhn_valid(number: &str) -> bool {
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = number
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            match (i % 2 == 1, d * 2) {
                (true, dd) if dd > 9 => dd - 9,
                (true, dd) => dd,
                (false, _) => d,
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// The test card with this number (digits only), if any.
pub fn find(number: &str) -> Option<&'static TestCard> {
    CARDS.iter().find(|c| c.number == number)
}

/// The outcome of any card number: the table's, else [`Outcome::Success`].
pub fn outcome_of(number: &str) -> Outcome {
    find(number).map_or(Outcome::Success, |c| c.outcome)
}

const TOKEN_PREFIX: &str = "simtok_";

/// The payment token of a card: `simtok_<kind>_<code>_<last4>` with kind `ok`, `add` or
/// `order` (`ok` has no code: `simtok_ok_<last4>`). It names the outcome, never the number.
pub fn token(number: &str) -> String {
    let last4 = &number[number.len().saturating_sub(4)..];
    match outcome_of(number) {
        Outcome::Success => format!("{TOKEN_PREFIX}ok_{last4}"),
        Outcome::AddInstrument(code) => format!("{TOKEN_PREFIX}add_{code}_{last4}"),
        Outcome::SubmitOrder(code) => format!("{TOKEN_PREFIX}order_{code}_{last4}"),
    }
}

/// The outcome a token stands for; a token not made by [`token`] is [`Outcome::Success`]
/// (so hand-made tokens in tests simply succeed).
pub fn outcome_of_token(token: &str) -> Outcome {
    let Some(rest) = token.strip_prefix(TOKEN_PREFIX) else {
        return Outcome::Success;
    };
    let Some((kind, rest)) = rest.split_once('_') else {
        return Outcome::Success;
    };
    let code = rest.rsplit_once('_').map_or("", |(code, _)| code);
    let known = |code: &str| {
        CARDS
            .iter()
            .filter_map(|c| c.outcome.code())
            .find(|c| *c == code)
    };
    match (kind, known(code)) {
        ("add", Some(code)) => Outcome::AddInstrument(code),
        ("order", Some(code)) => Outcome::SubmitOrder(code),
        _ => Outcome::Success,
    }
}

/// The message group of seed 000 §8 a payment code belongs to.
pub fn message_group(code: &str) -> &'static str {
    let n = code.rsplit(['-', '_']).next().unwrap_or_default();
    if code.starts_with("SYS_PMT_") || code.starts_with("BUS_PMT_") {
        return "processing trouble, try again";
    }
    match n {
        "0001" => "unrecoverable at submit order: error page (seed 000 §4)",
        "8524" | "8015" => "card not working + Error Code, contact Customer Care",
        "1175" | "1151" | "1009" | "1147" | "1195" | "1239" | "1149" | "1197" | "1194" | "1244"
        | "1225" | "1243" | "1188" | "8312" | "8094" | "1240" | "9900" | "8319" => {
            "card not working + Error Code"
        }
        "1156" | "1167" => "card or CVV invalid",
        "8023" => "CVV invalid",
        "1003" => "card number does not match the card type",
        "1150" => "card expired",
        "1043" => "expiration date has passed",
        "1001" => "card number length invalid",
        "8372" => "billing address invalid",
        "1038" => "missing data: add address information",
        "1004" => "missing data: enter card information",
        "8001" => "missing data: check information",
        "8032" | "1164" => "connection: timed out",
        "8132" => "connection: reset",
        "8600" => "connection problem, contact Customer Care",
        _ => "processing trouble, try again",
    }
}

fn grouped(number: &str) -> String {
    number
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `simulators/TEST_CARDS.md`, rendered from [`CARDS`].
pub fn markdown() -> String {
    let mut out = String::from(
        "# Test cards of the card-entry stand-in\n\n\
         Generated from `simulators/src/test_cards.rs` (do not edit; \
         `UPDATE_TEST_CARDS=1 cargo test -p simulators --test it buy_services` rewrites it).\n\n\
         The simulators serve a stand-in of the embedded card-entry component at \
         `/card-entry?lang=en|es`. Type any card number below with any future expiry \
         (`MM/YY`), any CVV of 3 digits (4 for American Express), any name and billing \
         address. The card number alone decides the outcome: the payment token names it, and \
         the payment simulator answers `add-secure-prepaid-payment-instrument` with the code \
         in `businessErrorCode` (`PAYMENT-0001`: the instrument is added and \
         `prepaid-customer-activation` answers the code). Any other number that passes the \
         Luhn check succeeds. Spaces in the number are ignored.\n\n\
         Code cards read `40 F 0 CCCC 0000000 L`: family `F` (1 `PAYMENT-`, 2 `SYS_PMT_`, \
         3 `BUS_PMT_`), the code's digits `CCCC`, Luhn check digit `L`.\n\n\
         | card number | type | outcome | call that answers it | message group (seed 000 §8) |\n\
         |---|---|---|---|---|\n",
    );
    for c in CARDS {
        let (outcome, call, group) = match c.outcome {
            Outcome::Success => ("success".to_owned(), "-", "-"),
            Outcome::AddInstrument(code) => (
                format!("`{code}`"),
                "add payment instrument",
                message_group(code),
            ),
            Outcome::SubmitOrder(code) => {
                (format!("`{code}`"), "submit order", message_group(code))
            }
        };
        out.push_str(&format!(
            "| `{}` | {} | {outcome} | {call} | {group} |\n",
            grouped(c.number),
            c.card_type.name()
        ));
    }
    out.push_str(&format!(
        "\n{} cards: {} success, {} payment codes.\n",
        CARDS.len(),
        CARDS
            .iter()
            .filter(|c| c.outcome == Outcome::Success)
            .count(),
        CARDS.iter().filter(|c| c.outcome.code().is_some()).count()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_and_types() {
        assert!(luhn_valid("4111111111111111"));
        assert!(!luhn_valid("4111111111111112"));
        assert!(!luhn_valid("41x1"));
        for c in CARDS {
            assert!(luhn_valid(c.number), "{}", c.number);
            assert_eq!(
                CardType::of_number(c.number),
                Some(c.card_type),
                "{}",
                c.number
            );
        }
    }

    #[test]
    fn tokens_round_trip() {
        for c in CARDS {
            assert_eq!(
                outcome_of_token(&token(c.number)),
                c.outcome,
                "{}",
                c.number
            );
        }
        assert_eq!(outcome_of_token("anything"), Outcome::Success);
        assert_eq!(outcome_of_token("simtok_add_NOPE_1234"), Outcome::Success);
        assert_eq!(token("4020000300000005"), "simtok_add_SYS_PMT_003_0005");
    }
}
